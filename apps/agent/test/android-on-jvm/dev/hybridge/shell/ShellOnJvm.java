package dev.hybridge.shell;

import android.app.Activity;
import android.app.DownloadManager;
import android.content.Intent;
import android.content.res.AssetManager;
import android.net.Uri;
import android.webkit.CookieManager;
import android.webkit.RenderProcessGoneDetail;
import android.webkit.WebResourceRequest;
import android.webkit.WebResourceResponse;
import android.webkit.WebView;
import android.widget.Toast;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipFile;

/**
 * Starts the shell's MainActivity over an APK's assets, then has its WebViewClient, its
 * DownloadListener and the system stand-ins answer requests. Arguments: the APK, then one request
 * each (words separated by one space; URLs have none):
 * - "main URL [Header: value]": a page's navigation, which sends the navigation's Accept header
 *   unless one is given ("-": no header at all); "sub URL [Header: value]": anything else (Accept
 *   *&#47;* by default). Answered by shouldInterceptRequest.
 * - "link URL" / "framelink URL": a link followed in the page / in an iframe
 *   (shouldOverrideUrlLoading): whether it stays in the WebView, the intents started, the URL the
 *   WebView was told to load instead.
 * - "app NAME": from now on an app on this "phone" takes the intents for the scheme NAME, or for
 *   the package NAME (an intent naming a package goes to that package only).
 * - "cookie URL VALUE": the WebView's CookieManager holds VALUE for URL's origin.
 * - "download URL TYPE [CONTENT-DISPOSITION]": the WebView hands a download to the
 *   ShellDownloadListener (TYPE "-": none): what DownloadManager was asked, the Toasts shown.
 * - "widen ORIGIN": the WebView's client becomes a ShellWebViewClient whose isAppUrl also
 *   accepts ORIGIN (scheme://authority), as the dev app's does.
 * - "gone": the renderer of the activity's WebView died (onRenderProcessGone); "gone-elsewhere":
 *   the same for a WebView of another activity.
 * Prints one JSON object per line: the activity, then one per request.
 * In the same package as MainActivity, which lets it call the protected onCreate.
 */
public final class ShellOnJvm {
    /** What Chromium sends with a page's navigation. */
    private static final String NAVIGATION_ACCEPT = "text/html,application/xhtml+xml,"
            + "application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8";
    private static final String USER_AGENT = "Mozilla/5.0 (Linux; Android 10; K; wv)"
            + " AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile"
            + " Safari/537.36";

    public static void main(String[] args) throws Exception {
        try (ZipFile apk = new ZipFile(args[0])) {
            MainActivity activity = new MainActivity();
            activity.attachAssets(new AssetManager(apk));
            Set<String> installed = new HashSet<>();
            activity.installedApps = intent -> takes(installed, intent);
            activity.onCreate(null);
            WebView first = (WebView) activity.getContentView();
            StringBuilder settings = new StringBuilder();
            first.getSettings().values.forEach((name, value) -> settings
                    .append(settings.length() == 0 ? "" : ",")
                    .append(json(name)).append(':').append(value));
            System.out.println("{\"loadedUrl\":" + json(first.getUrl())
                    + ",\"settings\":{" + settings + "}"
                    + ",\"downloadListener\":" + json(first.downloadListener() == null ? null
                            : first.downloadListener().getClass().getName()) + "}");

            for (int i = 1; i < args.length; i++) {
                String[] request = args[i].split(" ", 3);
                String kind = request[0];
                // The activity's WebView now: a renderer's death replaces it.
                WebView webView = (WebView) activity.getContentView();
                switch (kind) {
                    case "main", "sub" -> {
                        boolean mainFrame = kind.equals("main");
                        Map<String, String> headers = new LinkedHashMap<>();
                        String header = request.length > 2 ? request[2]
                                : "Accept: " + (mainFrame ? NAVIGATION_ACCEPT : "*/*");
                        if (!header.equals("-")) {
                            String[] nameValue = header.split(": ", 2);
                            headers.put(nameValue[0], nameValue[1]);
                        }
                        WebResourceRequest webRequest = request(request[1], mainFrame, headers);
                        System.out.println(answer(request[1], webView.getWebViewClient()
                                .shouldInterceptRequest(webView, webRequest)));
                    }
                    case "link", "framelink" -> {
                        int before = activity.startedIntents.size();
                        String urlBefore = webView.getUrl();
                        boolean handedOver = webView.getWebViewClient().shouldOverrideUrlLoading(
                                webView, request(request[1], kind.equals("link"), Map.of()));
                        List<String> started = new ArrayList<>();
                        for (Intent intent : activity.startedIntents.subList(before,
                                activity.startedIntents.size())) {
                            started.add(intent(intent, takes(installed, intent)));
                        }
                        String urlAfter = webView.getUrl();
                        System.out.println("{\"url\":" + json(request[1])
                                + ",\"staysInWebView\":" + !handedOver
                                + ",\"started\":" + started
                                + ",\"loadedUrl\":"
                                + json(urlAfter != null && !urlAfter.equals(urlBefore) ? urlAfter : null)
                                + "}");
                    }
                    case "app" -> {
                        installed.add(request[1]);
                        System.out.println("{\"installed\":" + json(request[1]) + "}");
                    }
                    case "cookie" -> {
                        CookieManager.getInstance().setCookie(request[1], request[2]);
                        System.out.println("{\"cookie\":" + json(request[1]) + "}");
                    }
                    case "download" -> {
                        String[] typeAndDisposition = request[2].split(" ", 2);
                        String type = typeAndDisposition[0].equals("-") ? null : typeAndDisposition[0];
                        String disposition = typeAndDisposition.length > 1 ? typeAndDisposition[1] : null;
                        DownloadManager downloads =
                                (DownloadManager) activity.getSystemService("download");
                        int enqueuedBefore = downloads.enqueued.size();
                        int toastsBefore = Toast.shown.size();
                        new ShellDownloadListener(activity)
                                .onDownloadStart(request[1], USER_AGENT, disposition, type, 1234L);
                        List<String> enqueued = new ArrayList<>();
                        for (DownloadManager.Request r : downloads.enqueued.subList(enqueuedBefore,
                                downloads.enqueued.size())) {
                            enqueued.add(download(r));
                        }
                        List<String> toasts = new ArrayList<>();
                        for (String text : Toast.shown.subList(toastsBefore, Toast.shown.size())) {
                            toasts.add(json(text));
                        }
                        System.out.println("{\"url\":" + json(request[1])
                                + ",\"enqueued\":" + enqueued + ",\"toasts\":" + toasts + "}");
                    }
                    case "gone" -> {
                        boolean handled = webView.getWebViewClient()
                                .onRenderProcessGone(webView, crashed());
                        WebView now = (WebView) activity.getContentView();
                        System.out.println("{\"rendererGone\":" + handled
                                + ",\"replaced\":" + (now != webView)
                                + ",\"client\":" + json(now.getWebViewClient() == null ? null
                                        : now.getWebViewClient().getClass().getName())
                                + ",\"loadedUrl\":" + json(now.getUrl()) + "}");
                    }
                    case "widen" -> {
                        // A subclass that adds an origin to the app's, as the dev app's client
                        // adds its dev server's: only isAppUrl changes.
                        String origin = request[1];
                        webView.setWebViewClient(new ShellWebViewClient(activity.getAssets()) {
                            @Override
                            protected boolean isAppUrl(Uri uri) {
                                return super.isAppUrl(uri) || origin.equals(
                                        uri.getScheme() + "://" + uri.getAuthority());
                            }
                        });
                        System.out.println("{\"widened\":" + json(origin) + "}");
                    }
                    case "gone-elsewhere" -> {
                        WebView other = new WebView(new Activity());
                        boolean handled = webView.getWebViewClient()
                                .onRenderProcessGone(other, crashed());
                        System.out.println("{\"rendererGone\":" + handled + "}");
                    }
                    default -> throw new IllegalArgumentException("unknown request " + args[i]);
                }
            }
        }
    }

    private static WebResourceRequest request(String url, boolean mainFrame,
            Map<String, String> headers) {
        Uri uri = Uri.parse(url);
        return new WebResourceRequest() {
            public Uri getUrl() {
                return uri;
            }

            public boolean isForMainFrame() {
                return mainFrame;
            }

            public boolean isRedirect() {
                return false;
            }

            public boolean hasGesture() {
                return true;
            }

            public String getMethod() {
                return "GET";
            }

            public Map<String, String> getRequestHeaders() {
                return headers;
            }
        };
    }

    /** Whether an app on this "phone" takes the intent: by its package, else by its scheme. */
    private static boolean takes(Set<String> installed, Intent intent) {
        if (intent.getComponent() != null) return installed.contains(
                intent.getComponent().getPackageName());
        Intent resolved = intent.getSelector() != null ? intent.getSelector() : intent;
        if (resolved.getPackage() != null) return installed.contains(resolved.getPackage());
        if (intent.getPackage() != null) return installed.contains(intent.getPackage());
        Uri data = resolved.getData();
        return data != null && installed.contains(data.getScheme());
    }

    private static RenderProcessGoneDetail crashed() {
        return new RenderProcessGoneDetail() {
            public boolean didCrash() {
                return true;
            }

            public int rendererPriorityAtExit() {
                return 0;
            }
        };
    }

    private static String intent(Intent intent, boolean taken) {
        if (intent == null) return "null";
        List<String> categories = new ArrayList<>();
        if (intent.getCategories() != null) {
            for (String category : intent.getCategories()) categories.add(json(category));
        }
        return "{\"action\":" + json(intent.getAction())
                + ",\"data\":" + json(intent.getData() == null ? null : intent.getData().toString())
                + ",\"categories\":" + categories
                + ",\"component\":" + json(intent.getComponent() == null ? null
                        : intent.getComponent().flattenToString())
                + ",\"package\":" + json(intent.getPackage())
                + ",\"flags\":" + intent.getFlags()
                + ",\"selector\":" + (intent.getSelector() == null ? "null"
                        : intent(intent.getSelector(), taken).replaceFirst(",\"taken\":\\w+}$", "}"))
                + ",\"taken\":" + taken + "}";
    }

    private static String download(DownloadManager.Request request) {
        StringBuilder headers = new StringBuilder();
        request.headers.forEach((name, value) -> headers
                .append(headers.length() == 0 ? "" : ",")
                .append(json(name)).append(':').append(json(value)));
        return "{\"uri\":" + json(request.uri.toString())
                + ",\"mimeType\":" + json(request.mimeType)
                + ",\"title\":" + json(request.title == null ? null : request.title.toString())
                + ",\"headers\":{" + headers + "}"
                + ",\"notificationVisibility\":" + request.notificationVisibility
                + ",\"destination\":" + json(request.destination) + "}";
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
