package android.webkit;

import java.io.InputStream;

/** Status 0 until set: the WebView then answers 200 OK. */
public class WebResourceResponse {
    private final String mimeType;
    private final String encoding;
    private final InputStream data;
    private int statusCode;
    private String reasonPhrase;

    public WebResourceResponse(String mimeType, String encoding, InputStream data) {
        this.mimeType = mimeType;
        this.encoding = encoding;
        this.data = data;
    }

    public void setStatusCodeAndReasonPhrase(int statusCode, String reasonPhrase) {
        if (statusCode < 100 || statusCode > 599 || (statusCode > 299 && statusCode < 400))
            throw new IllegalArgumentException("statusCode " + statusCode);
        if (reasonPhrase == null || reasonPhrase.trim().isEmpty())
            throw new IllegalArgumentException("reasonPhrase can't be empty.");
        this.statusCode = statusCode;
        this.reasonPhrase = reasonPhrase;
    }

    public String getMimeType() {
        return mimeType;
    }

    public String getEncoding() {
        return encoding;
    }

    public int getStatusCode() {
        return statusCode;
    }

    public String getReasonPhrase() {
        return reasonPhrase;
    }

    public InputStream getData() {
        return data;
    }
}
