package android.content;

import android.content.res.AssetManager;

public abstract class Context {
    public static final int MODE_PRIVATE = 0x0000;

    public abstract AssetManager getAssets();

    public abstract SharedPreferences getSharedPreferences(String name, int mode);

    public void startActivity(Intent intent) {
        throw new ActivityNotFoundException("No activity on this JVM for " + intent);
    }

    /** Abstract in Android; here no service unless a subclass (Activity) has it. */
    public Object getSystemService(String name) {
        return null;
    }
}
