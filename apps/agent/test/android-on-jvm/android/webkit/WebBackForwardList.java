package android.webkit;

public abstract class WebBackForwardList {}
