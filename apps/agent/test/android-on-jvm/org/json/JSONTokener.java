package org.json;

/** Parses JSON text as Android's does, for the values the shell reads (strict JSON here). */
public class JSONTokener {
    private final String in;
    private int pos;

    public JSONTokener(String in) {
        this.in = in;
    }

    public Object nextValue() throws JSONException {
        skipSpace();
        if (pos >= in.length()) throw new JSONException("End of input at character " + pos);
        char c = in.charAt(pos);
        switch (c) {
            case '{':
                return readObject();
            case '[':
                return readArray();
            case '"':
                return readString();
            default:
                return readLiteral();
        }
    }

    /** Whether only white space is left: Android's constructors refuse trailing text too. */
    boolean atEnd() {
        skipSpace();
        return pos >= in.length();
    }

    private void skipSpace() {
        while (pos < in.length() && Character.isWhitespace(in.charAt(pos))) pos++;
    }

    private char next() throws JSONException {
        if (pos >= in.length()) throw new JSONException("Unterminated at character " + pos);
        return in.charAt(pos++);
    }

    private JSONObject readObject() throws JSONException {
        pos++;
        JSONObject object = new JSONObject();
        skipSpace();
        if (pos < in.length() && in.charAt(pos) == '}') {
            pos++;
            return object;
        }
        while (true) {
            skipSpace();
            Object name = nextValue();
            if (!(name instanceof String)) throw new JSONException("Names must be strings");
            skipSpace();
            if (next() != ':') throw new JSONException("Expected ':' at " + pos);
            object.put((String) name, nextValue());
            skipSpace();
            char c = next();
            if (c == '}') return object;
            if (c != ',') throw new JSONException("Unterminated object at " + pos);
        }
    }

    private JSONArray readArray() throws JSONException {
        pos++;
        JSONArray array = new JSONArray();
        skipSpace();
        if (pos < in.length() && in.charAt(pos) == ']') {
            pos++;
            return array;
        }
        while (true) {
            array.put(nextValue());
            skipSpace();
            char c = next();
            if (c == ']') return array;
            if (c != ',') throw new JSONException("Unterminated array at " + pos);
        }
    }

    private String readString() throws JSONException {
        pos++;
        StringBuilder out = new StringBuilder();
        while (true) {
            char c = next();
            if (c == '"') return out.toString();
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = next();
            switch (e) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'u' -> {
                    if (pos + 4 > in.length()) throw new JSONException("Unterminated escape");
                    out.append((char) Integer.parseInt(in.substring(pos, pos + 4), 16));
                    pos += 4;
                }
                default -> out.append(e);
            }
        }
    }

    private Object readLiteral() throws JSONException {
        int start = pos;
        while (pos < in.length() && "{}[],:\" \t\r\n".indexOf(in.charAt(pos)) < 0) pos++;
        String text = in.substring(start, pos);
        if (text.equals("true")) return Boolean.TRUE;
        if (text.equals("false")) return Boolean.FALSE;
        if (text.equals("null")) return JSONObject.NULL;
        try {
            if (text.matches("-?[0-9]+")) {
                long value = Long.parseLong(text);
                if (value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE) return (int) value;
                return value;
            }
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new JSONException("Value " + text + " is not JSON");
        }
    }

    static String write(Object value) {
        if (value instanceof String) return JSONObject.quote((String) value);
        return String.valueOf(value);
    }
}
