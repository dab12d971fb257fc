package dev.hybridge.shell;

import android.content.res.AssetManager;
import android.net.Uri;
import android.os.Handler;
import android.webkit.WebResourceRequest;
import android.webkit.WebResourceResponse;
import android.webkit.WebView;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipFile;

/**
 * One cold start of the shell's MainActivity with over-the-air updates (ShellUpdates), for
 * shell-updates.test.ts. The app's files live in -Dandroid.filesDir, kept between runs as a
 * phone keeps them between cold starts. Arguments: the APK, the build's hybridge.json (a file,
 * added to the APK's assets; "-": none), then one step each:
 * - "start": onCreate (the cold start's update step, the first load), then waits for its
 *   reports' threads;
 * - "again": the activity is destroyed and a new one created in the same process (the app opened
 *   again after back): onCreate without a saved state;
 * - "loaded": the first page finished loading (onPageFinished: the check starts in the
 *   background), then waits for the background threads, running the UI thread's queue;
 * - "page": what https://localhost/ serves now (the body of its index.html);
 * - "call METHOD [ARG]": the page calls HybridgeNative METHOD (after bridge.open), the reply;
 * - "timeout": the 10 s of a trial pass (the WebView's postDelayed tasks run), then waits as
 *   "loaded" does;
 * - "state": the state file.
 * Prints one JSON line for the start, then one per step.
 */
public final class UpdatesOnJvm {
    private static final Pattern TOKEN = Pattern.compile("\"token\":\"([0-9a-f]+)\"");
    private static final Pattern REPLY = Pattern.compile("__hybridgeReceive\\((.*)\\)$");

    public static void main(String[] args) throws Exception {
        try (ZipFile apk = new ZipFile(args[0])) {
            Map<String, byte[]> added = args[1].equals("-") ? Map.of()
                    : Map.of("hybridge.json", Files.readAllBytes(new File(args[1]).toPath()));
            AssetManager assets = new AssetManager(apk, added);
            MainActivity activity = new MainActivity();
            activity.attachAssets(assets);
            System.out.println("{}");
            String token = null;
            int call = 0;
            for (int i = 2; i < args.length; i++) {
                String[] step = args[i].split(" ", 3);
                WebView webView = (WebView) activity.getContentView();
                switch (step[0]) {
                    case "start" -> {
                        activity.onCreate(null);
                        webView = (WebView) activity.getContentView();
                        int timers = Handler.delayed.size();
                        // Its reports (applied, rolled back) go out before the next step.
                        settle(activity);
                        System.out.println("{\"loadedUrl\":" + json(webView.getUrl())
                                + ",\"trialTimers\":" + timers + "}");
                    }
                    case "again" -> {
                        activity.onDestroy();
                        activity = new MainActivity();
                        activity.attachAssets(assets);
                        activity.onCreate(null);
                        token = null;
                        webView = (WebView) activity.getContentView();
                        int timers = Handler.delayed.size();
                        // Its reports (applied, rolled back) go out before the next step.
                        settle(activity);
                        System.out.println("{\"loadedUrl\":" + json(webView.getUrl())
                                + ",\"trialTimers\":" + timers + "}");
                    }
                    case "loaded" -> {
                        webView.getWebViewClient().onPageFinished(webView, webView.getUrl());
                        settle(activity);
                        System.out.println("{\"settled\":true}");
                    }
                    case "timeout" -> {
                        List<Object[]> due = new ArrayList<>(Handler.delayed);
                        Handler.delayed.clear();
                        for (Object[] task : due) ((Runnable) task[0]).run();
                        settle(activity);
                        System.out.println("{\"timers\":" + due.size() + ",\"loadedUrl\":"
                                + json(webView.getUrl()) + "}");
                    }
                    case "page" -> System.out.println("{\"page\":" + json(page(webView)) + "}");
                    case "call" -> {
                        ShellBridge bridge = (ShellBridge) webView.javascriptInterfaces
                                .get("HybridgeNative");
                        if (token == null) {
                            bridge.handle(null, "open", "bridge.open", null);
                            Matcher matcher = TOKEN.matcher(last(webView));
                            matcher.find();
                            token = matcher.group(1);
                        }
                        call++;
                        bridge.handle(token, "c" + call, step[1], step.length > 2 ? step[2] : null);
                        Matcher reply = REPLY.matcher(last(webView));
                        System.out.println(reply.find() ? reply.group(1) : "null");
                        settle(activity);
                    }
                    case "state" -> {
                        File state = new File(activity.getFilesDir(), "hybridge-updates/state");
                        System.out.println(state.exists()
                                ? new String(Files.readAllBytes(state.toPath()), StandardCharsets.UTF_8)
                                : "null");
                    }
                    default -> throw new IllegalArgumentException("unknown step " + args[i]);
                }
            }
        }
        System.exit(0);
    }

    /** Until this JVM's other threads (the check, the reports) are done, running UI tasks. */
    private static void settle(MainActivity activity) throws InterruptedException {
        long end = System.currentTimeMillis() + 20_000;
        while (System.currentTimeMillis() < end) {
            activity.runUiTasks();
            Thread[] threads = new Thread[64];
            int count = Thread.currentThread().getThreadGroup().enumerate(threads);
            boolean busy = false;
            for (int t = 0; t < count; t++) {
                if (threads[t] != Thread.currentThread() && threads[t].isAlive()
                        && !threads[t].isDaemon()) busy = true;
            }
            if (!busy) break;
            Thread.sleep(20);
        }
        activity.runUiTasks();
    }

    private static String last(WebView webView) {
        return webView.evaluatedScripts.get(webView.evaluatedScripts.size() - 1);
    }

    private static String page(WebView webView) throws Exception {
        WebResourceResponse response = webView.getWebViewClient().shouldInterceptRequest(webView,
                new WebResourceRequest() {
                    public Uri getUrl() {
                        return Uri.parse("https://localhost/");
                    }

                    public boolean isForMainFrame() {
                        return true;
                    }

                    public Map<String, String> getRequestHeaders() {
                        return Map.of("Accept", "text/html");
                    }
                });
        if (response.getData() == null) return null;
        return new String(response.getData().readAllBytes(), StandardCharsets.UTF_8);
    }

    private static String json(String text) {
        return text == null ? "null" : org.json.JSONObject.quote(text);
    }
}
