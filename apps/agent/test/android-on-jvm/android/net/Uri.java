package android.net;

import java.net.URI;

/** getAuthority() and getPath() are decoded, as Android's are. */
public class Uri {
    private final URI uri;

    private Uri(URI uri) {
        this.uri = uri;
    }

    public static Uri parse(String uriString) {
        return new Uri(URI.create(uriString));
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
