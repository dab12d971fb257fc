package android.webkit;

public interface DownloadListener {
    void onDownloadStart(String url, String userAgent, String contentDisposition, String mimetype,
            long contentLength);
}
