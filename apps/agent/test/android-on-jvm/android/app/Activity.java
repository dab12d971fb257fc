package android.app;

import android.content.ActivityNotFoundException;
import android.content.ContentResolver;
import android.content.Context;
import android.content.Intent;
import android.content.pm.PackageInfo;
import android.content.pm.PackageManager;
import android.content.res.AssetManager;
import android.os.Bundle;
import android.view.View;
import java.io.File;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

public class Activity extends Context {
    private AssetManager assets;
    private View contentView;
    private final DownloadManager downloadManager = new DownloadManager();
    private final ContentResolver contentResolver = new ContentResolver(this) {};

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

    /** As Android's: leaves the activity. */
    public void onBackPressed() {
        finish();
    }

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
    public ContentResolver getContentResolver() {
        return contentResolver;
    }

    /** A folder of -Dandroid.externalFiles (the harness's), made on first use; else none. */
    @Override
    public File getExternalFilesDir(String type) {
        String root = System.getProperty("android.externalFiles");
        if (root == null) return null;
        File dir = type == null ? new File(root) : new File(root, type);
        dir.mkdirs();
        return dir;
    }

    /**
     * The app's private files: -Dandroid.filesDir (the harness's, kept between runs as a phone
     * keeps them between cold starts), else a temporary folder of this JVM's.
     */
    @Override
    public File getFilesDir() {
        String root = System.getProperty("android.filesDir");
        try {
            File dir = root != null ? new File(root)
                    : java.nio.file.Files.createTempDirectory("hybridge-files-").toFile();
            if (root == null) System.setProperty("android.filesDir", dir.getPath());
            dir.mkdirs();
            return dir;
        } catch (java.io.IOException e) {
            throw new RuntimeException(e);
        }
    }

    @Override
    public Object getSystemService(String name) {
        return "download".equals(name) ? downloadManager : null;
    }

    // For the bridge and the chrome client: the UI thread, results, permissions, the package.

    /**
     * Posted to the UI thread and not run yet: the harness runs them (runUiTasks), or waits for
     * them (the dev app's request on a thread of its own posts its answer here).
     */
    public final java.util.concurrent.BlockingQueue<Runnable> uiTasks =
            new java.util.concurrent.LinkedBlockingQueue<>();

    /** Every startActivityForResult, as [intent, requestCode]. */
    public final List<Object[]> startedForResult = new ArrayList<>();

    /** Every requestPermissions, as [permissions, requestCode]. */
    public final List<Object[]> permissionRequests = new ArrayList<>();

    /** The permissions the app holds now. */
    public final Set<String> grantedPermissions = new HashSet<>();

    /** The package, its manifest's version and the permissions its manifest declares. */
    public final PackageInfo packageInfo = new PackageInfo();

    public boolean finished;

    /** Android posts to the UI thread's queue unless called on it; the harness's calls are not. */
    public final void runOnUiThread(Runnable action) {
        uiTasks.add(action);
    }

    public void runUiTasks() {
        for (Runnable task; (task = uiTasks.poll()) != null; ) task.run();
    }

    public void startActivityForResult(Intent intent, int requestCode) {
        startedForResult.add(new Object[] {intent, requestCode});
        if (!installedApps.test(intent))
            throw new ActivityNotFoundException("No Activity found to handle " + intent);
    }

    protected void onActivityResult(int requestCode, int resultCode, Intent data) {}

    public final void requestPermissions(String[] permissions, int requestCode) {
        if (requestCode < 0) throw new IllegalArgumentException("requestCode should be >= 0");
        permissionRequests.add(new Object[] {permissions, requestCode});
    }

    public void onRequestPermissionsResult(int requestCode, String[] permissions,
            int[] grantResults) {}

    /** PackageManager.PERMISSION_GRANTED (0) or PERMISSION_DENIED (-1). */
    public int checkSelfPermission(String permission) {
        if (permission == null) throw new IllegalArgumentException("permission is null");
        return grantedPermissions.contains(permission) ? 0 : -1;
    }

    public String getPackageName() {
        return packageInfo.packageName;
    }

    public PackageManager getPackageManager() {
        return new PackageManager() {
            @Override
            public PackageInfo getPackageInfo(String packageName, int flags)
                    throws NameNotFoundException {
                if (!packageInfo.packageName.equals(packageName))
                    throw new NameNotFoundException(packageName);
                PackageInfo info = new PackageInfo();
                info.packageName = packageInfo.packageName;
                info.versionName = packageInfo.versionName;
                info.versionCode = packageInfo.versionCode;
                // Filled only when asked for, as Android does.
                if ((flags & GET_PERMISSIONS) != 0)
                    info.requestedPermissions = packageInfo.requestedPermissions;
                return info;
            }
        };
    }

    public void finish() {
        finished = true;
    }

    // What the dev app's activity uses besides: its intent, its window, its preferences.

    private Intent intent;
    private final HarnessWindow window = new HarnessWindow(this);

    public Intent getIntent() {
        return intent;
    }

    public void setIntent(Intent newIntent) {
        intent = newIntent;
    }

    protected void onNewIntent(Intent intent) {}

    public android.view.Window getWindow() {
        return window;
    }

    @Override
    public android.content.SharedPreferences getSharedPreferences(String name, int mode) {
        return HarnessPreferences.named(name);
    }
}
