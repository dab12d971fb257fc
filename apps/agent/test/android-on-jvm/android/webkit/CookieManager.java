package android.webkit;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;

/** One cookie string per origin (scheme://authority), set with setCookie. */
public abstract class CookieManager {
    private static final CookieManager INSTANCE = new CookieManager() {
        private final Map<String, String> cookies = new HashMap<>();

        @Override
        public void setCookie(String url, String value) {
            cookies.merge(origin(url), value, (a, b) -> a + "; " + b);
        }

        @Override
        public String getCookie(String url) {
            return cookies.get(origin(url));
        }

        @Override
        public void removeAllCookies(ValueCallback<Boolean> callback) {
            boolean removed = !cookies.isEmpty();
            cookies.clear();
            if (callback != null) callback.onReceiveValue(removed);
        }

        @Override
        public void flush() {}

        private String origin(String url) {
            URI uri = URI.create(url);
            return uri.getScheme() + "://" + uri.getAuthority();
        }
    };

    public static CookieManager getInstance() {
        return INSTANCE;
    }

    public abstract void setCookie(String url, String value);

    public abstract String getCookie(String url);

    /** Android answers the callback later, on the caller's thread; here at once. */
    public abstract void removeAllCookies(ValueCallback<Boolean> callback);

    public abstract void flush();
}
