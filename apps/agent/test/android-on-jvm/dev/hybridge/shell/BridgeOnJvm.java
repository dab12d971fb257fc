package dev.hybridge.shell;

import android.app.Activity;
import android.content.ClipData;
import android.content.Intent;
import android.content.res.AssetManager;
import android.net.Uri;
import android.webkit.CookieManager;
import android.webkit.GeolocationPermissions;
import android.webkit.PermissionRequest;
import android.webkit.ValueCallback;
import android.webkit.WebChromeClient;
import android.webkit.WebStorage;
import android.webkit.WebView;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.ZipFile;

/**
 * Starts the shell's MainActivity over an APK's assets, then plays the page's and the system's
 * part against its bridge (HybridgeNative) and its chrome client. Arguments: the APK, then one
 * step each (words separated by one space):
 * - "page URL": the main frame now shows URL.
 * - "call TOKEN ID METHOD [ARG]": the page calls HybridgeNative.call, from a thread of its own
 *   as the WebView does; TOKEN is
 *   "token" (the one the last bridge.open answer carried), "none" or a literal. Then the UI
 *   thread's tasks run; printed: the answers delivered to the main frame.
 * - "version": HybridgeNative.version(); "exposed": the WebView's interfaces and clients.
 * - "package NAME VERSIONNAME VERSIONCODE": what PackageManager says of the app (as its manifest).
 * - "origin ORIGIN": the bridge's allowed origin changes (as the dev app's does).
 * - "pickers none|all": whether an app on this "phone" picks files (all by default).
 * - "chooser MODE ACCEPT": a file input (MODE 0 one file, 1 several) asks for ACCEPT: the
 *   intent started for a result. "picked ok URI…" / "picked cancel": the picker's result.
 * - "declare PERM,…": the manifest's permissions; "grant PERM": the app holds PERM already.
 * - "media RES,…": getUserMedia asks for these resources; "geo ORIGIN": geolocation asks.
 *   "answer PERM=yes|no,…": the user answers Android's dialog. Each prints the runtime request
 *   made (if any) and what the page got so far.
 * - "pause" / "resume": the activity's lifecycle; "gone": the renderer died (onRendererGone).
 * Prints one JSON object per line: the activity, then one per step.
 */
public final class BridgeOnJvm {
    private static String token = "";
    private static boolean pickers = true;
    private static final List<Uri[]> fileAnswers = new ArrayList<>();
    private static int fileAnswerCount;
    private static String media = "null";
    private static String location = "null";

    public static void main(String[] args) throws Exception {
        try (ZipFile apk = new ZipFile(args[0])) {
            MainActivity activity = new MainActivity();
            activity.attachAssets(new AssetManager(apk));
            activity.installedApps = intent -> pickers;
            activity.onCreate(null);
            WebView first = (WebView) activity.getContentView();
            System.out.println("{\"loadedUrl\":" + json(first.getUrl()) + "," + views(first) + "}");

            for (int i = 1; i < args.length; i++) {
                String[] step = args[i].split(" ");
                WebView webView = (WebView) activity.getContentView();
                switch (step[0]) {
                    case "page" -> {
                        webView.loadUrl(step[1]);
                        System.out.println("{\"page\":" + json(step[1]) + "}");
                    }
                    case "call" -> System.out.println(call(activity, webView, step));
                    case "version" -> {
                        Object answer = exposed(webView, "version").invoke(bridge(webView));
                        System.out.println("{\"version\":" + answer + "}");
                    }
                    case "exposed" -> System.out.println("{" + views(webView) + "}");
                    case "package" -> {
                        activity.packageInfo.packageName = step[1];
                        activity.packageInfo.versionName = step[2];
                        activity.packageInfo.versionCode = Integer.parseInt(step[3]);
                        System.out.println("{\"package\":" + json(step[1]) + "}");
                    }
                    case "origin" -> {
                        activity.bridge.setAllowedOrigin(step[1]);
                        System.out.println("{\"origin\":" + json(step[1]) + "}");
                    }
                    case "pickers" -> {
                        pickers = step[1].equals("all");
                        System.out.println("{\"pickers\":" + pickers + "}");
                    }
                    case "chooser" -> System.out.println(chooser(activity, webView, step));
                    case "picked" -> System.out.println(picked(activity, step));
                    case "declare" -> {
                        activity.packageInfo.requestedPermissions = step[1].split(",");
                        System.out.println("{\"declared\":" + list(step[1].split(",")) + "}");
                    }
                    case "grant" -> {
                        activity.grantedPermissions.add(step[1]);
                        System.out.println("{\"granted\":" + json(step[1]) + "}");
                    }
                    case "media" -> System.out.println(media(activity, webView, step[1]));
                    case "geo" -> System.out.println(geo(activity, webView, step[1]));
                    case "answer" -> System.out.println(answer(activity, step[1]));
                    case "pause" -> {
                        activity.onPause();
                        System.out.println(lifecycle(webView));
                    }
                    case "resume" -> {
                        activity.onResume();
                        System.out.println(lifecycle(webView));
                    }
                    case "gone" -> {
                        activity.onRendererGone(webView);
                        WebView now = (WebView) activity.getContentView();
                        System.out.println("{\"replaced\":" + (now != webView)
                                + ",\"oldDestroyed\":" + webView.destroyed
                                + ",\"loadedUrl\":" + json(now.getUrl())
                                + ",\"allowedOrigin\":" + json(activity.bridge.getAllowedOrigin())
                                + "," + views(now) + "}");
                    }
                    default -> throw new IllegalArgumentException("unknown step " + args[i]);
                }
            }
        }
    }

    private static Object bridge(WebView webView) {
        return webView.javascriptInterfaces.get("HybridgeNative");
    }

    /**
     * A public method of the interface's class, as the page reaches it. enjarify drops
     * annotations, so @JavascriptInterface is checked in the dex instead (shell-bridge.test.ts).
     */
    private static Method exposed(WebView webView, String name) {
        for (Method method : bridge(webView).getClass().getDeclaredMethods()) {
            if (method.getName().equals(name) && Modifier.isPublic(method.getModifiers()))
                return method;
        }
        throw new IllegalStateException("HybridgeNative has no public " + name);
    }

    private static String views(WebView webView) {
        List<String> interfaces = new ArrayList<>();
        webView.javascriptInterfaces.forEach((name, object) ->
                interfaces.add(json(name) + ":" + className(object)));
        return "\"interfaces\":{" + String.join(",", interfaces) + "}"
                + ",\"chromeClient\":" + className(webView.getWebChromeClient())
                + ",\"webViewClient\":" + className(webView.getWebViewClient())
                + ",\"downloadListener\":" + className(webView.downloadListener());
    }

    private static String call(MainActivity activity, WebView webView, String[] step)
            throws Exception {
        String callToken = switch (step[1]) {
            case "token" -> token;
            case "none" -> null;
            default -> step[1];
        };
        String arg = step.length > 4 ? step[4] : null;
        Method call = exposed(webView, "call");
        Object bridge = bridge(webView);
        int before = webView.evaluatedScripts.size();
        String urlBefore = webView.getUrl();
        WebStorage.dataDeleted = false;
        CookieManager.getInstance().setCookie("https://localhost/", "session=1");
        Exception[] failure = new Exception[1];
        Thread javaBridge = new Thread(() -> {
            try {
                call.invoke(bridge, callToken, step[2], step[3], arg);
            } catch (Exception e) {
                failure[0] = e;
            }
        }, "JavaBridge");
        javaBridge.start();
        javaBridge.join();
        if (failure[0] != null) throw failure[0];
        boolean ranOnCallerThread = webView.evaluatedScripts.size() > before;
        activity.runUiTasks();
        List<String> replies = new ArrayList<>();
        String prefix = "window.__hybridgeReceive&&window.__hybridgeReceive(";
        for (String script : webView.evaluatedScripts.subList(before,
                webView.evaluatedScripts.size())) {
            if (!script.startsWith(prefix) || !script.endsWith(")"))
                throw new IllegalStateException("unexpected script " + script);
            String reply = script.substring(prefix.length(), script.length() - 1);
            java.util.regex.Matcher m =
                    java.util.regex.Pattern.compile("\"token\":\"([0-9a-f]+)\"").matcher(reply);
            if (m.find()) token = m.group(1);
            replies.add(reply);
        }
        String urlAfter = webView.getUrl();
        return "{\"replies\":" + replies
                + ",\"answeredOffUiThread\":" + ranOnCallerThread
                + ",\"loadedUrl\":" + json(urlAfter.equals(urlBefore) ? null : urlAfter)
                + ",\"finished\":" + activity.finished
                + ",\"storageDeleted\":" + WebStorage.dataDeleted
                + ",\"cacheCleared\":" + webView.cacheCleared
                + ",\"cookie\":" + json(CookieManager.getInstance().getCookie("https://localhost/"))
                + "}";
    }

    private static String chooser(MainActivity activity, WebView webView, String[] step) {
        int mode = Integer.parseInt(step[1]);
        String accept = step[2];
        int before = activity.startedForResult.size();
        int answersBefore = fileAnswerCount;
        WebChromeClient.FileChooserParams params = new WebChromeClient.FileChooserParams() {
            public int getMode() {
                return mode;
            }

            public String[] getAcceptTypes() {
                return new String[] {accept};
            }

            public boolean isCaptureEnabled() {
                return false;
            }

            public CharSequence getTitle() {
                return null;
            }

            public String getFilenameHint() {
                return null;
            }

            /** As Android's: GET_CONTENT, openable, of the accepted type. */
            public Intent createIntent() {
                Intent intent = new Intent("android.intent.action.GET_CONTENT");
                intent.addCategory("android.intent.category.OPENABLE");
                intent.setType(accept);
                return intent;
            }
        };
        boolean handled = webView.getWebChromeClient().onShowFileChooser(webView,
                files -> {
                    fileAnswerCount++;
                    fileAnswers.add(files);
                }, params);
        String started = "null";
        if (activity.startedForResult.size() > before) {
            Object[] last = activity.startedForResult.get(activity.startedForResult.size() - 1);
            Intent intent = (Intent) last[0];
            started = "{\"action\":" + json(intent.getAction())
                    + ",\"type\":" + json(intent.getType())
                    + ",\"categories\":" + list(intent.getCategories() == null ? new String[0]
                            : intent.getCategories().toArray(new String[0]))
                    + ",\"allowMultiple\":"
                    + intent.getBooleanExtra("android.intent.extra.ALLOW_MULTIPLE", false)
                    + ",\"requestCode\":" + last[1] + "}";
        }
        return "{\"handled\":" + handled + ",\"started\":" + started
                + ",\"answered\":" + answers(answersBefore) + "}";
    }

    private static String picked(MainActivity activity, String[] step) {
        Object[] last = activity.startedForResult.get(activity.startedForResult.size() - 1);
        int answersBefore = fileAnswerCount;
        Intent data = null;
        int result = 0;
        if (step[1].equals("ok")) {
            result = -1;
            data = new Intent();
            if (step.length == 3) {
                data.setData(Uri.parse(step[2]));
            } else {
                ClipData clip = new ClipData("files", new String[] {"image/*"},
                        new ClipData.Item(Uri.parse(step[2])));
                for (int i = 3; i < step.length; i++) clip.addItem(new ClipData.Item(Uri.parse(step[i])));
                data.setClipData(clip);
            }
        }
        activity.onActivityResult((Integer) last[1], result, data);
        return "{\"answered\":" + answers(answersBefore) + "}";
    }

    /** The file lists the page's input received since: one entry per answer (null: none). */
    private static String answers(int since) {
        List<String> out = new ArrayList<>();
        for (Uri[] files : fileAnswers.subList(since, fileAnswers.size())) {
            if (files == null) {
                out.add("null");
            } else {
                out.add(list(Arrays.stream(files).map(Uri::toString).toArray(String[]::new)));
            }
        }
        return out.toString();
    }

    private static String media(MainActivity activity, WebView webView, String resources) {
        int before = activity.permissionRequests.size();
        media = "\"waiting\"";
        String[] asked = resources.split(",");
        webView.getWebChromeClient().onPermissionRequest(new PermissionRequest() {
            public Uri getOrigin() {
                return Uri.parse("https://localhost/");
            }

            public String[] getResources() {
                return asked;
            }

            public void grant(String[] granted) {
                media = "{\"granted\":" + list(granted) + "}";
            }

            public void deny() {
                media = "\"denied\"";
            }
        });
        return "{\"asked\":" + asked(activity, before) + ",\"media\":" + media + "}";
    }

    private static String geo(MainActivity activity, WebView webView, String origin) {
        int before = activity.permissionRequests.size();
        location = "\"waiting\"";
        webView.getWebChromeClient().onGeolocationPermissionsShowPrompt(origin,
                (GeolocationPermissions.Callback) (o, allow, retain) -> location =
                        "{\"origin\":" + json(o) + ",\"allow\":" + allow + ",\"retain\":" + retain
                                + "}");
        return "{\"asked\":" + asked(activity, before) + ",\"location\":" + location + "}";
    }

    private static String answer(MainActivity activity, String answers) {
        Object[] last = activity.permissionRequests.get(activity.permissionRequests.size() - 1);
        String[] permissions = (String[]) last[0];
        int[] results = new int[permissions.length];
        for (String answer : answers.split(",")) {
            String[] permissionAnswer = answer.split("=");
            int index = Arrays.asList(permissions).indexOf(permissionAnswer[0]);
            if (index < 0) throw new IllegalArgumentException("not asked: " + permissionAnswer[0]);
            boolean yes = permissionAnswer[1].equals("yes");
            if (yes) activity.grantedPermissions.add(permissionAnswer[0]);
            results[index] = yes ? 0 : -1;
        }
        activity.onRequestPermissionsResult((Integer) last[1], permissions, results);
        return "{\"media\":" + media + ",\"location\":" + location + "}";
    }

    /** The runtime request made since, as {permissions, requestCode}, or null. */
    private static String asked(Activity activity, int before) {
        if (activity.permissionRequests.size() == before) return "null";
        Object[] last = activity.permissionRequests.get(activity.permissionRequests.size() - 1);
        return "{\"permissions\":" + list((String[]) last[0]) + ",\"requestCode\":" + last[1] + "}";
    }

    private static String lifecycle(WebView webView) {
        return "{\"paused\":" + webView.paused + ",\"timersPaused\":" + WebView.timersPaused + "}";
    }

    private static String className(Object object) {
        return json(object == null ? null : object.getClass().getName());
    }

    private static String list(String[] items) {
        List<String> out = new ArrayList<>();
        for (String item : items) out.add(json(item));
        return out.toString();
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
