package android.content;

import android.content.res.AssetManager;

public abstract class Context {
    public abstract AssetManager getAssets();

    public void startActivity(Intent intent) {
        throw new ActivityNotFoundException("No activity on this JVM for " + intent);
    }
}
