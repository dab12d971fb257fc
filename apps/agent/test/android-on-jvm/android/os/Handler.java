package android.os;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Android's Handler, for the main looper only: delayed tasks wait until the harness runs them. */
public class Handler {
    /** Harness only: every postDelayed of the process, as [action, delayMillis], not run yet. */
    public static final List<Object[]> delayed = Collections.synchronizedList(new ArrayList<>());

    public Handler(Looper looper) {}

    public final boolean postDelayed(Runnable r, long delayMillis) {
        delayed.add(new Object[] {r, delayMillis});
        return true;
    }
}
