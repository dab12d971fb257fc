package dev.hybridge.shell;

import android.content.Intent;
import android.content.res.AssetManager;
import android.net.Uri;
import android.os.Bundle;
import android.webkit.WebResourceError;
import android.webkit.WebResourceRequest;
import android.webkit.WebResourceResponse;
import android.webkit.WebView;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;

/**
 * Runs the dev app's own bytecode (DevActivity and its helpers, from the dev app's APK) the way
 * a phone would drive it. Arguments: the APK, then commands (the first space separates a command
 * from its argument):
 * - "start [LINK]": a new DevActivity (the system started the app, with LINK as the intent's data
 *   if given): onCreate, then the UI thread runs until the dev-link request is answered;
 * - "destroyed LINK": as "start LINK", but the activity is destroyed before the answer comes;
 * - "intent LINK": a link opened while the activity is on screen (onNewIntent);
 * - "link URL": the page follows a link (shouldOverrideUrlLoading); "main URL" / "sub URL": a
 *   page's navigation / any other request (shouldInterceptRequest), answered like ShellOnJvm;
 * - "error URL": the page's navigation to URL failed (onReceivedError, main frame);
 * - "recreate": the system saves the activity's state and recreates it from it;
 * - "gone": the renderer of the WebView died;
 * - "check URL": whether DevUrls accepts URL (%-encoded: any text) as a dev server address.
 * Prints one JSON object per command: the activity's state afterwards (the URL its WebView loaded,
 * the status bar colour and icons, the origin the bridge answers), or the answer.
 * Preferences live as long as this JVM: a second "start" is the app opened again.
 */
public final class DevAppOnJvm {
    private static DevActivity activity;

    public static void main(String[] args) throws Exception {
        try (ZipFile apk = new ZipFile(args[0])) {
            AssetManager assets = new AssetManager(apk);
            for (int i = 1; i < args.length; i++) {
                String[] command = args[i].split(" ", 2);
                String argument = command.length > 1 ? command[1] : null;
                switch (command[0]) {
                    case "start" -> {
                        activity = new DevActivity();
                        activity.attachAssets(assets);
                        if (argument != null)
                            activity.setIntent(new Intent(Intent.ACTION_VIEW, Uri.parse(argument)));
                        activity.onCreate(null);
                        settle();
                        System.out.println(state());
                    }
                    case "destroyed" -> {
                        // The system destroys the activity while its request is in flight.
                        activity = new DevActivity();
                        activity.attachAssets(assets);
                        activity.setIntent(new Intent(Intent.ACTION_VIEW, Uri.parse(argument)));
                        activity.onCreate(null);
                        activity.onDestroy();
                        settle();
                        System.out.println(state());
                    }
                    case "intent" -> {
                        activity.onNewIntent(new Intent(Intent.ACTION_VIEW, Uri.parse(argument)));
                        settle();
                        System.out.println(state());
                    }
                    case "link" -> {
                        boolean handled = webView().getWebViewClient()
                                .shouldOverrideUrlLoading(webView(), request(argument, true));
                        settle();
                        System.out.println("{\"url\":" + json(argument) + ",\"staysInWebView\":"
                                + !handled + ",\"state\":" + state() + "}");
                    }
                    case "main", "sub" -> System.out.println(answer(argument, webView()
                            .getWebViewClient()
                            .shouldInterceptRequest(webView(), request(argument, command[0].equals("main")))));
                    case "error" -> {
                        webView().getWebViewClient().onReceivedError(webView(),
                                request(argument, true), new WebResourceError() {
                                    public int getErrorCode() {
                                        return -6; // ERROR_CONNECT
                                    }

                                    public CharSequence getDescription() {
                                        return "net::ERR_CONNECTION_REFUSED";
                                    }
                                });
                        System.out.println(state());
                    }
                    case "recreate" -> {
                        Bundle saved = new Bundle();
                        activity.onSaveInstanceState(saved);
                        activity.onDestroy();
                        activity = new DevActivity();
                        activity.attachAssets(assets);
                        activity.onCreate(saved);
                        settle();
                        System.out.println(state());
                    }
                    case "gone" -> {
                        activity.onRendererGone(webView());
                        System.out.println(state());
                    }
                    case "check" -> {
                        String url = URLDecoder.decode(argument == null ? "" : argument,
                                StandardCharsets.UTF_8);
                        System.out.println("{\"url\":" + json(url) + ",\"private\":"
                                + DevUrls.isPrivateDevUrl(url) + "}");
                    }
                    default -> throw new IllegalArgumentException("unknown command " + args[i]);
                }
            }
        }
    }

    private static WebView webView() {
        return (WebView) activity.getContentView();
    }

    private static WebResourceRequest request(String url, boolean mainFrame) {
        Uri uri = Uri.parse(url);
        return new WebResourceRequest() {
            public Uri getUrl() {
                return uri;
            }

            public boolean isForMainFrame() {
                return mainFrame;
            }

            public Map<String, String> getRequestHeaders() {
                return Map.of("Accept", mainFrame ? "text/html,*/*;q=0.8" : "*/*");
            }
        };
    }

    /**
     * Runs the UI thread's queue until no dev-link request is in flight and nothing is left to
     * run: what a phone's main looper does while the request runs on its own thread.
     */
    private static void settle() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            Runnable next = activity.uiTasks.poll(20, TimeUnit.MILLISECONDS);
            if (next != null) {
                next.run();
                continue;
            }
            boolean fetching = Thread.getAllStackTraces().keySet().stream()
                    .anyMatch(t -> t.getName().equals("hybridge-dev-link") && t.isAlive());
            if (!fetching && activity.uiTasks.isEmpty()) return;
        }
        throw new IllegalStateException("the dev-link request did not end");
    }

    private static String state() {
        int color = activity.getWindow().getStatusBarColor();
        boolean lightStatusBar =
                (activity.getWindow().getDecorView().getSystemUiVisibility() & 0x2000) != 0;
        return "{\"loadedUrl\":" + json(webView().getUrl())
                + ",\"statusBarColor\":" + (color == 0 ? "null"
                        : json(String.format("#%06x", color & 0xffffff)))
                + ",\"lightStatusBar\":" + lightStatusBar
                + ",\"bridgeOrigin\":" + json(activity.bridge.getAllowedOrigin()) + "}";
    }

    private static String answer(String url, WebResourceResponse response) throws Exception {
        if (response == null) return "{\"url\":" + json(url) + ",\"intercepted\":false}";
        String body = null;
        InputStream data = response.getData();
        if (data != null) {
            try (data) {
                body = new String(data.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        int status = response.getStatusCode() == 0 ? 200 : response.getStatusCode();
        return "{\"url\":" + json(url) + ",\"intercepted\":true,\"status\":" + status
                + ",\"mimeType\":" + json(response.getMimeType())
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
