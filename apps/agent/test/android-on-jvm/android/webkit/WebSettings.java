package android.webkit;

import java.util.LinkedHashMap;
import java.util.Map;

/** Android's defaults for an app targeting API 29. */
public class WebSettings {
    public final Map<String, Boolean> values = new LinkedHashMap<>(Map.of(
            "javaScript", false,
            "domStorage", false,
            "fileAccess", true,
            "contentAccess", true,
            "fileAccessFromFileURLs", false,
            "universalAccessFromFileURLs", false,
            // MIXED_CONTENT_NEVER_ALLOW by default; true only for MIXED_CONTENT_ALWAYS_ALLOW (0).
            "mixedContentAlwaysAllow", false));

    public void setJavaScriptEnabled(boolean flag) {
        values.put("javaScript", flag);
    }

    public void setDomStorageEnabled(boolean flag) {
        values.put("domStorage", flag);
    }

    public void setAllowFileAccess(boolean allow) {
        values.put("fileAccess", allow);
    }

    public void setAllowContentAccess(boolean allow) {
        values.put("contentAccess", allow);
    }

    public void setAllowFileAccessFromFileURLs(boolean flag) {
        values.put("fileAccessFromFileURLs", flag);
    }

    public void setAllowUniversalAccessFromFileURLs(boolean flag) {
        values.put("universalAccessFromFileURLs", flag);
    }

    public void setMixedContentMode(int mode) {
        values.put("mixedContentAlwaysAllow", mode == 0);
    }
}
