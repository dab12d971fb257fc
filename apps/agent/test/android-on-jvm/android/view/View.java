package android.view;

import android.content.Context;

public class View {
    private final Context context;

    public View(Context context) {
        this.context = context;
    }

    public final Context getContext() {
        return context;
    }

    /** Harness only: every postDelayed, as [action, delayMillis], not run until the harness does. */
    public final java.util.List<Object[]> delayed = new java.util.ArrayList<>();

    public boolean postDelayed(Runnable action, long delayMillis) {
        delayed.add(new Object[] {action, delayMillis});
        return true;
    }

    private int systemUiVisibility;

    public void setSystemUiVisibility(int visibility) {
        systemUiVisibility = visibility;
    }

    public int getSystemUiVisibility() {
        return systemUiVisibility;
    }
}
