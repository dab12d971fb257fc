package android.content;

import android.content.res.AssetManager;
import java.io.File;

public abstract class Context {
    public static final int MODE_PRIVATE = 0x0000;

    public abstract AssetManager getAssets();

    public abstract SharedPreferences getSharedPreferences(String name, int mode);

    public void startActivity(Intent intent) {
        throw new ActivityNotFoundException("No activity on this JVM for " + intent);
    }

    /** Abstract in Android; here none unless a subclass (Activity) has one. */
    public ContentResolver getContentResolver() {
        return null;
    }

    /** Abstract in Android; here none unless a subclass (Activity) has one. */
    public File getFilesDir() {
        return null;
    }

    /** Abstract in Android; here none unless a subclass (Activity) has one. */
    public File getExternalFilesDir(String type) {
        return null;
    }

    /** Abstract in Android; here no service unless a subclass (Activity) has it. */
    public Object getSystemService(String name) {
        return null;
    }
}
