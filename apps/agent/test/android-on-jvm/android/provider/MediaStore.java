package android.provider;

import android.net.Uri;
import android.os.Build;

public final class MediaStore {
    /**
     * API 29+. On an older "phone" (-Dandroid.sdk) loading it fails, as a missing class would:
     * a call that is not guarded by the API level fails the test.
     */
    public static final class Downloads {
        public static final Uri EXTERNAL_CONTENT_URI;

        static {
            if (Build.VERSION.SDK_INT < 29)
                throw new IllegalStateException("MediaStore.Downloads does not exist before API 29");
            EXTERNAL_CONTENT_URI = Uri.parse("content://media/external/downloads");
        }
    }
}
