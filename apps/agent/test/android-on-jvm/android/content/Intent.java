package android.content;

import android.net.Uri;

public class Intent {
    private final String action;
    private final Uri data;

    public Intent(String action, Uri data) {
        this.action = action;
        this.data = data;
    }

    @Override
    public String toString() {
        return action + " " + data;
    }
}
