package android.util;

/** decode(…, DEFAULT): whitespace ignored, padding optional, anything else refused. */
public class Base64 {
    public static final int DEFAULT = 0;

    public static byte[] decode(String str, int flags) {
        String clean = str.replaceAll("\\s", "");
        while (clean.length() % 4 != 0) clean += "=";
        try {
            return java.util.Base64.getDecoder().decode(clean);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad base-64");
        }
    }
}
