package android.os;

/** Android's Looper: only the main one, which the harness's thread stands for. */
public final class Looper {
    private static final Looper MAIN = new Looper();

    private Looper() {}

    public static Looper getMainLooper() {
        return MAIN;
    }
}
