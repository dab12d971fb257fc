package android.view;

/** Abstract, as Android's; the harness's activity records what the shell sets on it. */
public abstract class Window {
    public abstract void setStatusBarColor(int color);

    public abstract int getStatusBarColor();

    public abstract View getDecorView();
}
