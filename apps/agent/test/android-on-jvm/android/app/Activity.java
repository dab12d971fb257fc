package android.app;

import android.content.ActivityNotFoundException;
import android.content.ContentResolver;
import android.content.Context;
import android.content.Intent;
import android.content.res.AssetManager;
import android.os.Bundle;
import android.view.View;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
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

    @Override
    public Object getSystemService(String name) {
        return "download".equals(name) ? downloadManager : null;
    }
}
