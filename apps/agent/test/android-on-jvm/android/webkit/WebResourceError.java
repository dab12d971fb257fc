package android.webkit;

/** Abstract, as Android's (API 23). */
public abstract class WebResourceError {
    public abstract int getErrorCode();

    public abstract CharSequence getDescription();
}
