package android.content;

import android.content.res.AssetManager;

public abstract class Context {
    public abstract AssetManager getAssets();

    public void startActivity(Intent intent) {
        throw new ActivityNotFoundException("No activity on this JVM for " + intent);
    }

    /** Abstract in Android; here no service unless a subclass (Activity) has it. */
    public Object getSystemService(String name) {
        return null;
    }
}
