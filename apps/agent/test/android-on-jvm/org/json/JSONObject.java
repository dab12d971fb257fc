package org.json;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The methods the shell calls (the dev app's reading and writing, the bridge's quote), with
 * Android's signatures and answers for missing values.
 */
public class JSONObject {
    public static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    private final Map<String, Object> values = new LinkedHashMap<>();

    public JSONObject() {}

    /** The string as a JSON literal, as Android's; null is "". */
    public static String quote(String data) {
        if (data == null) return "\"\"";
        StringBuilder out = new StringBuilder("\"");
        for (char c : data.toCharArray()) {
            switch (c) {
                case '"', '\\', '/' -> out.append('\\').append(c);
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c <= 0x1F) out.append(String.format("\\u%04x", (int) c));
                    else out.append(c);
                }
            }
        }
        return out.append('"').toString();
    }

    public JSONObject(String json) throws JSONException {
        JSONTokener tokener = new JSONTokener(json);
        Object value = tokener.nextValue();
        if (!(value instanceof JSONObject) || !tokener.atEnd())
            throw new JSONException("Value is not a JSONObject");
        values.putAll(((JSONObject) value).values);
    }

    public JSONObject put(String name, Object value) throws JSONException {
        if (name == null) throw new JSONException("Names must be non-null");
        if (value == null) values.remove(name);
        else values.put(name, value);
        return this;
    }

    public JSONObject put(String name, long value) throws JSONException {
        return put(name, (Object) value);
    }

    public Object opt(String name) {
        return name == null ? null : values.get(name);
    }

    public String getString(String name) throws JSONException {
        Object value = opt(name);
        if (value == null) throw new JSONException("No value for " + name);
        return String.valueOf(value);
    }

    public boolean isNull(String name) {
        Object value = opt(name);
        return value == null || value == NULL;
    }

    public boolean optBoolean(String name) {
        Object value = opt(name);
        if (value instanceof Boolean) return (Boolean) value;
        return "true".equalsIgnoreCase(String.valueOf(value));
    }

    public long getLong(String name) throws JSONException {
        Object value = opt(name);
        if (value instanceof Number) return ((Number) value).longValue();
        try {
            return (long) Double.parseDouble(String.valueOf(value));
        } catch (NumberFormatException e) {
            throw new JSONException("Value " + value + " at " + name + " is not a long");
        }
    }

    public String optString(String name) {
        return optString(name, "");
    }

    public String optString(String name, String fallback) {
        Object value = opt(name);
        return value == null ? fallback : String.valueOf(value);
    }

    public int optInt(String name) {
        Object value = opt(name);
        if (value instanceof Number) return ((Number) value).intValue();
        if (value instanceof String) {
            try {
                return (int) Double.parseDouble((String) value);
            } catch (NumberFormatException e) {
                return 0;
            }
        }
        return 0;
    }

    public JSONObject optJSONObject(String name) {
        Object value = opt(name);
        return value instanceof JSONObject ? (JSONObject) value : null;
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("{");
        for (Map.Entry<String, Object> entry : values.entrySet()) {
            if (out.length() > 1) out.append(',');
            out.append(quote(entry.getKey())).append(':')
                    .append(JSONTokener.write(entry.getValue()));
        }
        return out.append('}').toString();
    }
}
