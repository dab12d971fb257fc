package android.os;

public class Build {
    /** SDK_INT is the harness's -Dandroid.sdk (default 29): not a constant, as on a phone. */
    public static class VERSION {
        public static final int SDK_INT = Integer.getInteger("android.sdk", 29);
    }
}
