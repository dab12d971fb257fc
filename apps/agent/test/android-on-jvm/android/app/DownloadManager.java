package android.app;

import android.content.Context;
import android.net.Uri;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Records what was enqueued (enqueued, and each Request's fields: for the harness). */
public class DownloadManager {
    public final List<Request> enqueued = new ArrayList<>();

    DownloadManager() {}

    public long enqueue(Request request) {
        enqueued.add(request);
        return enqueued.size();
    }

    public static class Request {
        public static final int VISIBILITY_VISIBLE = 0;
        public static final int VISIBILITY_VISIBLE_NOTIFY_COMPLETED = 1;

        public final Uri uri;
        public final Map<String, String> headers = new LinkedHashMap<>();
        public String mimeType;
        public CharSequence title;
        public int notificationVisibility = VISIBILITY_VISIBLE;
        /** "public:Download/name" or "app:Download/name"; null: the system's cache. */
        public String destination;

        public Request(Uri uri) {
            if (uri == null) throw new NullPointerException();
            String scheme = uri.getScheme();
            if (scheme == null || !(scheme.equals("http") || scheme.equals("https")))
                throw new IllegalArgumentException("Can only download HTTP/HTTPS URIs: " + uri);
            this.uri = uri;
        }

        public Request setMimeType(String mimeType) {
            this.mimeType = mimeType;
            return this;
        }

        public Request addRequestHeader(String header, String value) {
            if (header == null) throw new NullPointerException("header cannot be null");
            if (header.contains(":")) throw new IllegalArgumentException("header may not contain ':'");
            headers.put(header, value == null ? "" : value);
            return this;
        }

        public Request setTitle(CharSequence title) {
            this.title = title;
            return this;
        }

        public Request setNotificationVisibility(int visibility) {
            notificationVisibility = visibility;
            return this;
        }

        public Request setDestinationInExternalPublicDir(String dirType, String subPath) {
            destination = "public:" + dirType + "/" + subPath;
            return this;
        }

        public Request setDestinationInExternalFilesDir(Context context, String dirType, String subPath) {
            if (context == null) throw new NullPointerException();
            destination = "app:" + dirType + "/" + subPath;
            return this;
        }
    }
}
