package android.webkit;

import android.net.Uri;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** guessFileName as Android 10's: Content-Disposition's filename, else the URL's last segment. */
public final class URLUtil {
    private static final Pattern CONTENT_DISPOSITION = Pattern.compile(
            "attachment;\\s*filename\\s*=\\s*(\"?)([^\"]*)\\1\\s*$", Pattern.CASE_INSENSITIVE);

    public static String guessFileName(String url, String contentDisposition, String mimeType) {
        String name = null;
        if (contentDisposition != null) {
            Matcher m = CONTENT_DISPOSITION.matcher(contentDisposition);
            if (m.find()) {
                name = m.group(2);
                int slash = name.lastIndexOf('/') + 1;
                if (slash > 0) name = name.substring(slash);
            }
        }
        if (name == null) {
            String path = Uri.decode(url);
            if (path != null) {
                int query = path.indexOf('?');
                if (query > 0) path = path.substring(0, query);
                if (!path.endsWith("/")) {
                    int slash = path.lastIndexOf('/') + 1;
                    if (slash > 0) name = path.substring(slash);
                }
            }
        }
        if (name == null || name.isEmpty()) name = "downloadfile";
        if (name.indexOf('.') < 0 && mimeType != null) {
            String extension = MimeTypeMap.getSingleton().getExtensionFromMimeType(mimeType);
            name += extension != null ? "." + extension : mimeType.startsWith("text/") ? ".txt" : ".bin";
        }
        return name;
    }
}
