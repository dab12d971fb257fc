package android.app;

import android.view.View;
import android.view.Window;

/** The activity's window: the status bar colour set on it, and a decor view for its flags. */
final class HarnessWindow extends Window {
    private final View decorView;
    private int statusBarColor;

    HarnessWindow(Activity activity) {
        decorView = new View(activity);
    }

    @Override
    public void setStatusBarColor(int color) {
        statusBarColor = color;
    }

    @Override
    public int getStatusBarColor() {
        return statusBarColor;
    }

    @Override
    public View getDecorView() {
        return decorView;
    }
}
