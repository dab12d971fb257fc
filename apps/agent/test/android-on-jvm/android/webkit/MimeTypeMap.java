package android.webkit;

import java.util.Map;

/** A few of Android's answers; js as Android 9 and older answer it. */
public class MimeTypeMap {
    private static final MimeTypeMap SINGLETON = new MimeTypeMap();
    private static final Map<String, String> TYPES = Map.of(
            "png", "image/png",
            "jpg", "image/jpeg",
            "txt", "text/plain",
            "js", "application/x-javascript",
            "pdf", "application/pdf",
            "csv", "text/comma-separated-values");

    public static MimeTypeMap getSingleton() {
        return SINGLETON;
    }

    public String getMimeTypeFromExtension(String extension) {
        return extension == null ? null : TYPES.get(extension);
    }

    public String getExtensionFromMimeType(String mimeType) {
        if (mimeType == null) return null;
        return TYPES.entrySet().stream().filter(e -> e.getValue().equals(mimeType))
                .map(Map.Entry::getKey).findFirst().orElse(null);
    }
}
