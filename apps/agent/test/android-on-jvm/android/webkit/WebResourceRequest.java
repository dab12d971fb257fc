package android.webkit;

import android.net.Uri;
import java.util.Map;

/**
 * The methods added here after getUrl and isForMainFrame are default methods, unlike Android's,
 * only so that an entry class written before them still compiles; invokeinterface calls them
 * alike.
 */
public interface WebResourceRequest {
    Uri getUrl();

    boolean isForMainFrame();

    default boolean isRedirect() {
        return false;
    }

    default boolean hasGesture() {
        return false;
    }

    default String getMethod() {
        return "GET";
    }

    default Map<String, String> getRequestHeaders() {
        return Map.of();
    }
}
