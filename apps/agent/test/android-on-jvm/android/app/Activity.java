package android.app;

import android.content.ActivityNotFoundException;
import android.content.Context;
import android.content.Intent;
import android.content.res.AssetManager;
import android.os.Bundle;
import android.view.View;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

public class Activity extends Context {
    private AssetManager assets;
    private View contentView;
    private final DownloadManager downloadManager = new DownloadManager();

    /** Every intent passed to startActivity, in order, whether an app took it or not. */
    public final List<Intent> startedIntents = new ArrayList<>();

    /** The apps on this "phone": which intents one of them takes (none by default). */
    public Predicate<Intent> installedApps = intent -> false;

    /** What the system gives an activity before onCreate; here, the harness. */
    public void attachAssets(AssetManager assets) {
        this.assets = assets;
    }

    @Override
    public AssetManager getAssets() {
        return assets;
    }

    public View getContentView() {
        return contentView;
    }

    protected void onCreate(Bundle savedInstanceState) {}

    protected void onSaveInstanceState(Bundle outState) {}

    protected void onPause() {}

    protected void onResume() {}

    protected void onDestroy() {}

    public void onBackPressed() {}

    public void setContentView(View view) {
        contentView = view;
    }

    @Override
    public void startActivity(Intent intent) {
        startedIntents.add(intent);
        if (!installedApps.test(intent))
            throw new ActivityNotFoundException("No Activity found to handle " + intent);
    }

    @Override
    public Object getSystemService(String name) {
        return "download".equals(name) ? downloadManager : null;
    }

    // What the dev app's activity uses besides: its intent, the UI thread, its window, its
    // preferences.

    private Intent intent;
    private final HarnessWindow window = new HarnessWindow(this);

    /**
     * The UI thread's queue: runOnUiThread from another thread adds to it, and the harness runs
     * what it holds on its own thread, the "UI thread" (the one that created the first activity).
     */
    public static final java.util.concurrent.BlockingQueue<Runnable> uiQueue =
            new java.util.concurrent.LinkedBlockingQueue<>();
    private static Thread uiThread;

    public Activity() {
        synchronized (Activity.class) {
            if (uiThread == null) uiThread = Thread.currentThread();
        }
    }

    public Intent getIntent() {
        return intent;
    }

    public void setIntent(Intent newIntent) {
        intent = newIntent;
    }

    protected void onNewIntent(Intent intent) {}

    public final void runOnUiThread(Runnable action) {
        if (Thread.currentThread() == uiThread) action.run();
        else uiQueue.add(action);
    }

    public android.view.Window getWindow() {
        return window;
    }

    @Override
    public android.content.SharedPreferences getSharedPreferences(String name, int mode) {
        return HarnessPreferences.named(name);
    }
}
