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

    private int systemUiVisibility;

    public void setSystemUiVisibility(int visibility) {
        systemUiVisibility = visibility;
    }

    public int getSystemUiVisibility() {
        return systemUiVisibility;
    }
}
