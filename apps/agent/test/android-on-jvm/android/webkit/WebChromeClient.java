package android.webkit;

public class WebChromeClient {}
