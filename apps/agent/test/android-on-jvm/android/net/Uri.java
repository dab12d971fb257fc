package android.net;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/** getAuthority() and getPath() are decoded, as Android's are. */
public class Uri {
    private final URI uri;

    private Uri(URI uri) {
        this.uri = uri;
    }

    public static Uri parse(String uriString) {
        return new Uri(URI.create(uriString));
    }

    /** %XX sequences as UTF-8; unlike URLDecoder, "+" stays a plus, as in Android's. */
    public static String decode(String s) {
        if (s == null) return null;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < s.length()) {
                out.write(Integer.parseInt(s.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                out.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /**
     * Every character but letters, digits and _-!.~'()* as %XX of its UTF-8 bytes, as Android's
     * encode(String).
     */
    public static String encode(String s) {
        if (s == null) return null;
        StringBuilder out = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "_-!.~'()*".indexOf(c) >= 0) {
                out.append(c);
            } else {
                out.append('%').append(String.format("%02X", (int) c));
            }
        }
        return out.toString();
    }

    /** IPv6 addresses keep their brackets, as Android's. */
    public String getHost() {
        return uri.getHost();
    }

    /**
     * The first value of the key in the query, decoded, "+" as a space (Android since API 16);
     * null when the key is not there.
     */
    public String getQueryParameter(String key) {
        String query = uri.getRawQuery();
        if (query == null) return null;
        for (String pair : query.split("&", -1)) {
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            if (!decode(name).equals(key)) continue;
            String value = equals < 0 ? "" : pair.substring(equals + 1);
            return decode(value.replace('+', ' '));
        }
        return null;
    }

    public String getScheme() {
        return uri.getScheme();
    }

    public String getAuthority() {
        return uri.getAuthority();
    }

    public String getPath() {
        return uri.getPath();
    }

    @Override
    public String toString() {
        return uri.toString();
    }
}
