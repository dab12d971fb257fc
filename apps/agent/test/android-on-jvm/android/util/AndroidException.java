package android.util;

public class AndroidException extends Exception {
    public AndroidException() {}

    public AndroidException(String name) {
        super(name);
    }
}
