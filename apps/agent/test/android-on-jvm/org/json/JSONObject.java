package org.json;

/** quote() as Android's: the string as a JSON literal; null is "". */
public class JSONObject {
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
}
