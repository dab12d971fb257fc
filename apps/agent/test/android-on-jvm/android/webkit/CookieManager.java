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
}
