package dev.hybridge.shell;

import android.content.res.AssetManager;
import android.net.Uri;
import android.webkit.WebResourceRequest;
import android.webkit.WebResourceResponse;
import android.webkit.WebView;
import java.io.InputStream;
import java.util.Base64;
import java.util.zip.ZipFile;

/**
 * Starts the shell's MainActivity over an APK's assets, then has the WebViewClient it installed
 * answer requests. Arguments: the APK, then requests as "main URL" (a page's navigation), "sub
 * URL" (anything else) or "link URL" (a link followed: stays in the WebView or goes to another
 * app, which this JVM has none of). Prints one JSON object per line: the activity, then each
 * answer.
 * In the same package as MainActivity, which lets it call the protected onCreate.
 */
public final class ShellOnJvm {
    public static void main(String[] args) throws Exception {
        try (ZipFile apk = new ZipFile(args[0])) {
            MainActivity activity = new MainActivity();
            activity.attachAssets(new AssetManager(apk));
            activity.onCreate(null);
            WebView webView = (WebView) activity.getContentView();
            StringBuilder settings = new StringBuilder();
            webView.getSettings().values.forEach((name, value) -> settings
                    .append(settings.length() == 0 ? "" : ",")
                    .append(json(name)).append(':').append(value));
            System.out.println("{\"loadedUrl\":" + json(webView.getUrl())
                    + ",\"settings\":{" + settings + "}}");

            for (int i = 1; i < args.length; i++) {
                String[] request = args[i].split(" ", 2);
                boolean mainFrame = !request[0].equals("sub");
                Uri url = Uri.parse(request[1]);
                WebResourceRequest webRequest = new WebResourceRequest() {
                    public Uri getUrl() {
                        return url;
                    }

                    public boolean isForMainFrame() {
                        return mainFrame;
                    }
                };
                if (request[0].equals("link")) {
                    boolean handedOver = webView.getWebViewClient()
                            .shouldOverrideUrlLoading(webView, webRequest);
                    System.out.println("{\"url\":" + json(request[1])
                            + ",\"staysInWebView\":" + !handedOver + "}");
                } else {
                    System.out.println(answer(request[1],
                            webView.getWebViewClient().shouldInterceptRequest(webView, webRequest)));
                }
            }
        }
    }

    private static String answer(String url, WebResourceResponse response) throws Exception {
        if (response == null) return "{\"url\":" + json(url) + ",\"intercepted\":false}";
        String body = null;
        InputStream data = response.getData();
        if (data != null) {
            try (data) {
                body = Base64.getEncoder().encodeToString(data.readAllBytes());
            }
        }
        int status = response.getStatusCode() == 0 ? 200 : response.getStatusCode();
        return "{\"url\":" + json(url) + ",\"intercepted\":true,\"status\":" + status
                + ",\"mimeType\":" + json(response.getMimeType())
                + ",\"encoding\":" + json(response.getEncoding())
                + ",\"body\":" + json(body) + "}";
    }

    private static String json(String text) {
        if (text == null) return "null";
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') out.append('\\').append(c);
            else if (c < 0x20 || c > 0x7e) out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
        }
        return out.append('"').toString();
    }
}
