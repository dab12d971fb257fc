package android.webkit;

import android.content.Context;
import android.os.Bundle;
import android.view.View;

public class WebView extends View {
    private final WebSettings settings = new WebSettings();
    private WebViewClient webViewClient;
    private String url;

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

    public void setWebChromeClient(WebChromeClient client) {}

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

    public void onPause() {}

    public void onResume() {}

    public void destroy() {}
}
