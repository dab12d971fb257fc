package android.widget;

import android.content.Context;
import java.util.ArrayList;
import java.util.List;

/** Records each shown Toast's text (shown: for the harness). */
public class Toast {
    public static final int LENGTH_SHORT = 0;
    public static final int LENGTH_LONG = 1;
    public static final List<String> shown = new ArrayList<>();

    private final CharSequence text;

    private Toast(CharSequence text) {
        this.text = text;
    }

    public static Toast makeText(Context context, CharSequence text, int duration) {
        if (context == null) throw new NullPointerException("context");
        return new Toast(text);
    }

    public void show() {
        shown.add(text.toString());
    }
}
