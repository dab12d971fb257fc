# What a download in the page does (an <a download> link, a response sent as an attachment — the
# data API's PDFs): without a DownloadListener the WebView drops it silently. Decision 046.
# - http(s) from a server: the system's DownloadManager fetches it, with the WebView's cookies and
#   user agent (a signed-in download works), shows its progress and completion in a notification,
#   and saves it into Downloads (API 29+: the public Downloads folder, which needs no permission
#   there; 24–28, where that folder needs WRITE_EXTERNAL_STORAGE, the app's own Download folder,
#   which needs none — the notification opens the file either way).
# - what no download manager can fetch — blob: and data: URLs made by the page's script, a file of
#   the bundle at https://localhost (served by the app itself, not by a server) — says so in a
#   Toast rather than doing nothing.
# MainActivity sets it on its WebView: webView.setDownloadListener(new ShellDownloadListener(this)).
.class public Ldev/hybridge/shell/ShellDownloadListener;
.super Ljava/lang/Object;
.source "ShellDownloadListener.smali"

.implements Landroid/webkit/DownloadListener;

# The activity: the context of the Toasts, of the app's own Download folder and of the
# DownloadManager service. The WebView calls onDownloadStart on the UI thread, as the activity's.
.field private final activity:Landroid/app/Activity;

.method public constructor <init>(Landroid/app/Activity;)V
    .locals 0
    invoke-direct {p0}, Ljava/lang/Object;-><init>()V
    iput-object p1, p0, Ldev/hybridge/shell/ShellDownloadListener;->activity:Landroid/app/Activity;
    return-void
.end method

# p1 the URL, p2 the WebView's user agent, p3 the response's Content-Disposition (may be null),
# p4 its type (may be null), p5–p6 its length (a long; not needed: DownloadManager learns it).
.method public onDownloadStart(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;J)V
    .locals 6

    iget-object v0, p0, Ldev/hybridge/shell/ShellDownloadListener;->activity:Landroid/app/Activity;

    invoke-static {p1}, Landroid/net/Uri;->parse(Ljava/lang/String;)Landroid/net/Uri;
    move-result-object v1
    invoke-virtual {v1}, Landroid/net/Uri;->getScheme()Ljava/lang/String;
    move-result-object v2
    const-string v3, "https"
    invoke-virtual {v3, v2}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v4
    if-nez v4, :https
    const-string v3, "http"
    invoke-virtual {v3, v2}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v4
    if-eqz v4, :unsupported
    goto :fetch

    # https://localhost is the bundle, which no server behind the DownloadManager has.
    :https
    invoke-virtual {v1}, Landroid/net/Uri;->getAuthority()Ljava/lang/String;
    move-result-object v2
    const-string v3, "localhost"
    invoke-virtual {v3, v2}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v4
    if-nez v4, :unsupported

    # v2: the request; v3: the file's name — from Content-Disposition, else the URL, with an
    # extension from the type when it has none. What throws in here — Request's constructor
    # (IllegalArgumentException for a scheme it does not take as written: "HTTPS"), the
    # destinations (IllegalStateException when the storage is missing), enqueue — is a
    # RuntimeException: the Toast below says the download did not start, and the app stays.
    :fetch
    :try_start
    new-instance v2, Landroid/app/DownloadManager$Request;
    invoke-direct {v2, v1}, Landroid/app/DownloadManager$Request;-><init>(Landroid/net/Uri;)V
    invoke-virtual {v2, p4}, Landroid/app/DownloadManager$Request;->setMimeType(Ljava/lang/String;)Landroid/app/DownloadManager$Request;

    # The WebView's cookies for this URL: DownloadManager has its own, empty, cookie jar.
    invoke-static {}, Landroid/webkit/CookieManager;->getInstance()Landroid/webkit/CookieManager;
    move-result-object v3
    invoke-virtual {v3, p1}, Landroid/webkit/CookieManager;->getCookie(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    if-eqz v3, :agent
    const-string v4, "Cookie"
    invoke-virtual {v2, v4, v3}, Landroid/app/DownloadManager$Request;->addRequestHeader(Ljava/lang/String;Ljava/lang/String;)Landroid/app/DownloadManager$Request;

    # The WebView's user agent: the server answers the download as it answered the page.
    :agent
    if-eqz p2, :name
    const-string v4, "User-Agent"
    invoke-virtual {v2, v4, p2}, Landroid/app/DownloadManager$Request;->addRequestHeader(Ljava/lang/String;Ljava/lang/String;)Landroid/app/DownloadManager$Request;

    :name
    invoke-static {p1, p3, p4}, Landroid/webkit/URLUtil;->guessFileName(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    invoke-virtual {v2, v3}, Landroid/app/DownloadManager$Request;->setTitle(Ljava/lang/CharSequence;)Landroid/app/DownloadManager$Request;
    # DownloadManager.Request.VISIBILITY_VISIBLE_NOTIFY_COMPLETED: progress, then "complete",
    # which opens the file.
    const/4 v4, 0x1
    invoke-virtual {v2, v4}, Landroid/app/DownloadManager$Request;->setNotificationVisibility(I)Landroid/app/DownloadManager$Request;

    # Environment.DIRECTORY_DOWNLOADS; the public one from API 29 (Q), where it needs no permission.
    const-string v4, "Download"
    sget v1, Landroid/os/Build$VERSION;->SDK_INT:I
    const/16 v5, 0x1d
    if-lt v1, v5, :app_folder
    invoke-virtual {v2, v4, v3}, Landroid/app/DownloadManager$Request;->setDestinationInExternalPublicDir(Ljava/lang/String;Ljava/lang/String;)Landroid/app/DownloadManager$Request;
    goto :enqueue

    :app_folder
    invoke-virtual {v2, v0, v4, v3}, Landroid/app/DownloadManager$Request;->setDestinationInExternalFilesDir(Landroid/content/Context;Ljava/lang/String;Ljava/lang/String;)Landroid/app/DownloadManager$Request;

    :enqueue
    const-string v4, "download"
    invoke-virtual {v0, v4}, Landroid/app/Activity;->getSystemService(Ljava/lang/String;)Ljava/lang/Object;
    move-result-object v4
    check-cast v4, Landroid/app/DownloadManager;
    invoke-virtual {v4, v2}, Landroid/app/DownloadManager;->enqueue(Landroid/app/DownloadManager$Request;)J
    :try_end
    .catch Ljava/lang/RuntimeException; {:try_start .. :try_end} :failed

    const-string v4, "Downloading "
    invoke-virtual {v4, v3}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v4
    const-string v5, "\u2026"
    invoke-virtual {v4, v5}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v4
    invoke-static {v0, v4}, Ldev/hybridge/shell/ShellDownloadListener;->say(Landroid/content/Context;Ljava/lang/String;)V
    return-void

    :failed
    const-string v4, "The download could not start."
    invoke-static {v0, v4}, Ldev/hybridge/shell/ShellDownloadListener;->say(Landroid/content/Context;Ljava/lang/String;)V
    return-void

    :unsupported
    const-string v4, "This app cannot save this download."
    invoke-static {v0, v4}, Ldev/hybridge/shell/ShellDownloadListener;->say(Landroid/content/Context;Ljava/lang/String;)V
    return-void
.end method

# A short Toast (Toast.LENGTH_SHORT): the user tapped something and learns what came of it.
.method private static say(Landroid/content/Context;Ljava/lang/String;)V
    .locals 1
    const/4 v0, 0x0
    invoke-static {p0, p1, v0}, Landroid/widget/Toast;->makeText(Landroid/content/Context;Ljava/lang/CharSequence;I)Landroid/widget/Toast;
    move-result-object v0
    invoke-virtual {v0}, Landroid/widget/Toast;->show()V
    return-void
.end method
