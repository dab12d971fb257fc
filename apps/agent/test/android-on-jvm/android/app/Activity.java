package android.app;

import android.content.Context;
import android.content.res.AssetManager;
import android.os.Bundle;
import android.view.View;

public class Activity extends Context {
    private AssetManager assets;
    private View contentView;

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
}
