package android.webkit;

import java.util.Map;

/** A few of Android's answers; js as Android 9 and older answer it. */
public class MimeTypeMap {
    private static final MimeTypeMap SINGLETON = new MimeTypeMap();
    private static final Map<String, String> TYPES = Map.of(
            "png", "image/png",
            "jpg", "image/jpeg",
            "txt", "text/plain",
            "js", "application/x-javascript");

    public static MimeTypeMap getSingleton() {
        return SINGLETON;
    }

    public String getMimeTypeFromExtension(String extension) {
        return extension == null ? null : TYPES.get(extension);
    }
}
