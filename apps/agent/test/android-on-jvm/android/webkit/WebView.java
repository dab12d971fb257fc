package android.webkit;

import android.content.Context;
import android.os.Bundle;
import android.view.View;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class WebView extends View {
    private final WebSettings settings = new WebSettings();
    private WebViewClient webViewClient;
    private String url;
    private WebChromeClient webChromeClient;

    // For the harness: what the shell did to the view.
    public final Map<String, Object> javascriptInterfaces = new LinkedHashMap<>();
    public final List<String> evaluatedScripts = new ArrayList<>();
    public boolean destroyed;
    public boolean paused;
    public boolean cacheCleared;
    /** pauseTimers holds for every WebView of the process. */
    public static boolean timersPaused;

    public WebView(Context context) {
        super(context);
    }

    public WebSettings getSettings() {
        return settings;
    }

    public void setWebViewClient(WebViewClient client) {
        webViewClient = client;
    }

    public WebViewClient getWebViewClient() {
        return webViewClient;
    }

    public void setWebChromeClient(WebChromeClient client) {
        webChromeClient = client;
    }

    public WebChromeClient getWebChromeClient() {
        return webChromeClient;
    }

    private DownloadListener downloadListener;

    public void setDownloadListener(DownloadListener listener) {
        downloadListener = listener;
    }

    /** For the harness (Android has no getter): the listener MainActivity set. */
    public DownloadListener downloadListener() {
        return downloadListener;
    }

    public void loadUrl(String url) {
        this.url = url;
    }

    public String getUrl() {
        return url;
    }

    public WebBackForwardList restoreState(Bundle inState) {
        return null;
    }

    public WebBackForwardList saveState(Bundle outState) {
        return null;
    }

    public boolean canGoBack() {
        return false;
    }

    public void goBack() {}

    public void onPause() {
        paused = true;
    }

    public void onResume() {
        paused = false;
    }

    public void pauseTimers() {
        timersPaused = true;
    }

    public void resumeTimers() {
        timersPaused = false;
    }

    public void destroy() {
        destroyed = true;
    }

    public void addJavascriptInterface(Object object, String name) {
        javascriptInterfaces.put(name, object);
    }

    public void evaluateJavascript(String script, ValueCallback<String> resultCallback) {
        evaluatedScripts.add(script);
    }

    public void clearCache(boolean includeDiskFiles) {
        cacheCleared = true;
    }
}
