# What a download in the page does (an <a download> link, a response sent as an attachment — the
# data API's PDFs —, a PDF the WebView cannot show): without a DownloadListener the WebView drops
# it silently. Decision 046.
# - http(s) from a server: the system's DownloadManager fetches it, with the WebView's cookies and
#   user agent (a signed-in download works), shows its progress and completion in a notification,
#   and saves it into Downloads (API 29+: the public Downloads folder, which needs no permission
#   there; 24–28, where that folder needs WRITE_EXTERNAL_STORAGE, the app's own Download folder,
#   which needs none — the notification opens the file either way).
# - a file of the bundle (https://localhost, served by the app itself: no server has it) and a
#   data: URL made by the page's script: the bytes are here, so the shell saves them itself, into
#   the same places (save).
# - blob: URLs (their bytes live in the page) and other schemes say so in a Toast rather than
#   doing nothing.
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
    if-nez v4, :fetch
    const-string v3, "data"
    invoke-virtual {v3, v2}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v4
    if-nez v4, :data
    goto :unsupported

    # https://localhost is the bundle, which no server behind the DownloadManager has.
    :https
    invoke-virtual {v1}, Landroid/net/Uri;->getAuthority()Ljava/lang/String;
    move-result-object v2
    const-string v3, "localhost"
    invoke-virtual {v3, v2}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v4
    if-nez v4, :bundle

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

    # The bundle's file www/<path>, found as ShellWebViewClient serves it (the decoded path, no
    # ".." segment); a missing one is an IOException.
    :bundle
    invoke-virtual {v1}, Landroid/net/Uri;->getPath()Ljava/lang/String;
    move-result-object v2
    if-eqz v2, :unsupported
    const-string v3, "/"
    invoke-virtual {v2, v3}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    const-string v4, "/../"
    invoke-virtual {v3, v4}, Ljava/lang/String;->contains(Ljava/lang/CharSequence;)Z
    move-result v4
    if-nez v4, :unsupported
    const-string v3, "www"
    invoke-virtual {v3, v2}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v2
    invoke-static {p1, p3, p4}, Landroid/webkit/URLUtil;->guessFileName(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    :try_start_bundle
    invoke-virtual {v0}, Landroid/app/Activity;->getAssets()Landroid/content/res/AssetManager;
    move-result-object v4
    invoke-virtual {v4, v2}, Landroid/content/res/AssetManager;->open(Ljava/lang/String;)Ljava/io/InputStream;
    move-result-object v4
    :try_end_bundle
    .catch Ljava/io/IOException; {:try_start_bundle .. :try_end_bundle} :failed
    invoke-direct {p0, v4, v3, p4}, Ldev/hybridge/shell/ShellDownloadListener;->save(Ljava/io/InputStream;Ljava/lang/String;Ljava/lang/String;)V
    return-void

    # data:[<type>][;base64],<payload>: base64, or %-encoded text saved as UTF-8. Base64.decode
    # throws IllegalArgumentException for bad base64. The name comes from Content-Disposition or
    # the type ("downloadfile.csv"), never from the payload.
    :data
    const/16 v2, 0x2c
    invoke-virtual {p1, v2}, Ljava/lang/String;->indexOf(I)I
    move-result v2
    if-ltz v2, :unsupported
    const/4 v3, 0x5
    invoke-virtual {p1, v3, v2}, Ljava/lang/String;->substring(II)Ljava/lang/String;
    move-result-object v3
    add-int/lit8 v2, v2, 0x1
    invoke-virtual {p1, v2}, Ljava/lang/String;->substring(I)Ljava/lang/String;
    move-result-object v2
    sget-object v4, Ljava/util/Locale;->ROOT:Ljava/util/Locale;
    invoke-virtual {v3, v4}, Ljava/lang/String;->toLowerCase(Ljava/util/Locale;)Ljava/lang/String;
    move-result-object v3
    const-string v4, ";base64"
    invoke-virtual {v3, v4}, Ljava/lang/String;->endsWith(Ljava/lang/String;)Z
    move-result v4
    :try_start_data
    if-eqz v4, :text
    # Base64.DEFAULT
    const/4 v4, 0x0
    invoke-static {v2, v4}, Landroid/util/Base64;->decode(Ljava/lang/String;I)[B
    move-result-object v2
    goto :bytes

    :text
    invoke-static {v2}, Landroid/net/Uri;->decode(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v2
    sget-object v4, Ljava/nio/charset/StandardCharsets;->UTF_8:Ljava/nio/charset/Charset;
    invoke-virtual {v2, v4}, Ljava/lang/String;->getBytes(Ljava/nio/charset/Charset;)[B
    move-result-object v2

    :bytes
    new-instance v4, Ljava/io/ByteArrayInputStream;
    invoke-direct {v4, v2}, Ljava/io/ByteArrayInputStream;-><init>([B)V
    :try_end_data
    .catch Ljava/lang/IllegalArgumentException; {:try_start_data .. :try_end_data} :failed
    const-string v3, "data:"
    invoke-static {v3, p3, p4}, Landroid/webkit/URLUtil;->guessFileName(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    invoke-direct {p0, v4, v3, p4}, Ldev/hybridge/shell/ShellDownloadListener;->save(Ljava/io/InputStream;Ljava/lang/String;Ljava/lang/String;)V
    return-void

    :failed
    const-string v4, "The download could not start."
    invoke-static {v0, v4}, Ldev/hybridge/shell/ShellDownloadListener;->say(Landroid/content/Context;Ljava/lang/String;)V
    return-void

    # blob: and the rest.
    :unsupported
    const-string v4, "This app cannot save this download."
    invoke-static {v0, v4}, Ldev/hybridge/shell/ShellDownloadListener;->say(Landroid/content/Context;Ljava/lang/String;)V
    return-void
.end method

# Saves bytes the shell has (p1) as the file p2 of type p3 (may be null) where DownloadManager
# would have: API 29+ the public Downloads folder, through MediaStore's Downloads collection (which
# needs no permission, and renames "a.pdf" to "a (1).pdf" when taken); 24–28 the app's own Download
# folder, then DownloadManager.addCompletedDownload, which lists it in Downloads and shows a
# notification that opens it. Any failure (storage missing or full: IOException,
# SecurityException…) says so in a Toast.
.method private save(Ljava/io/InputStream;Ljava/lang/String;Ljava/lang/String;)V
    .locals 12

    iget-object v0, p0, Ldev/hybridge/shell/ShellDownloadListener;->activity:Landroid/app/Activity;

    :try_start
    sget v1, Landroid/os/Build$VERSION;->SDK_INT:I
    const/16 v2, 0x1d
    if-lt v1, v2, :app_folder

    # MediaStore.MediaColumns.DISPLAY_NAME and MIME_TYPE.
    new-instance v1, Landroid/content/ContentValues;
    invoke-direct {v1}, Landroid/content/ContentValues;-><init>()V
    const-string v2, "_display_name"
    invoke-virtual {v1, v2, p2}, Landroid/content/ContentValues;->put(Ljava/lang/String;Ljava/lang/String;)V
    if-eqz p3, :insert
    const-string v2, "mime_type"
    invoke-virtual {v1, v2, p3}, Landroid/content/ContentValues;->put(Ljava/lang/String;Ljava/lang/String;)V

    # MediaStore.Downloads exists from API 29 only: reached on 29+ only (above).
    :insert
    invoke-virtual {v0}, Landroid/content/Context;->getContentResolver()Landroid/content/ContentResolver;
    move-result-object v2
    sget-object v3, Landroid/provider/MediaStore$Downloads;->EXTERNAL_CONTENT_URI:Landroid/net/Uri;
    invoke-virtual {v2, v3, v1}, Landroid/content/ContentResolver;->insert(Landroid/net/Uri;Landroid/content/ContentValues;)Landroid/net/Uri;
    move-result-object v3
    if-eqz v3, :failed
    invoke-virtual {v2, v3}, Landroid/content/ContentResolver;->openOutputStream(Landroid/net/Uri;)Ljava/io/OutputStream;
    move-result-object v3
    invoke-static {p1, v3}, Ldev/hybridge/shell/ShellDownloadListener;->copy(Ljava/io/InputStream;Ljava/io/OutputStream;)V
    const-string v1, " in Downloads."
    goto :saved

    # Environment.DIRECTORY_DOWNLOADS under the app's external files; null when the storage is
    # missing.
    :app_folder
    const-string v1, "Download"
    invoke-virtual {v0, v1}, Landroid/content/Context;->getExternalFilesDir(Ljava/lang/String;)Ljava/io/File;
    move-result-object v1
    if-eqz v1, :failed
    new-instance v2, Ljava/io/File;
    invoke-direct {v2, v1, p2}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    new-instance v3, Ljava/io/FileOutputStream;
    invoke-direct {v3, v2}, Ljava/io/FileOutputStream;-><init>(Ljava/io/File;)V
    invoke-static {p1, v3}, Ldev/hybridge/shell/ShellDownloadListener;->copy(Ljava/io/InputStream;Ljava/io/OutputStream;)V

    # addCompletedDownload(title, description, isMediaScannerScannable, mimeType, path, length,
    # showNotification), in consecutive registers v3–v11 (a long takes two): the title is the
    # description too (it may not be empty), not scannable (the app's own folder), a type it
    # requires (application/octet-stream when unknown), a notification.
    const-string v1, "download"
    invoke-virtual {v0, v1}, Landroid/app/Activity;->getSystemService(Ljava/lang/String;)Ljava/lang/Object;
    move-result-object v3
    check-cast v3, Landroid/app/DownloadManager;
    move-object v4, p2
    move-object v5, p2
    const/4 v6, 0x0
    move-object v7, p3
    if-nez v7, :typed
    const-string v7, "application/octet-stream"
    :typed
    invoke-virtual {v2}, Ljava/io/File;->getAbsolutePath()Ljava/lang/String;
    move-result-object v8
    invoke-virtual {v2}, Ljava/io/File;->length()J
    move-result-wide v9
    const/4 v11, 0x1
    invoke-virtual/range {v3 .. v11}, Landroid/app/DownloadManager;->addCompletedDownload(Ljava/lang/String;Ljava/lang/String;ZLjava/lang/String;Ljava/lang/String;JZ)J
    const-string v1, "."

    :saved
    :try_end
    .catch Ljava/lang/Exception; {:try_start .. :try_end} :failed

    const-string v2, "Saved "
    invoke-virtual {v2, p2}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v2
    invoke-virtual {v2, v1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v2
    invoke-static {v0, v2}, Ldev/hybridge/shell/ShellDownloadListener;->say(Landroid/content/Context;Ljava/lang/String;)V
    return-void

    :failed
    const-string v2, "The file could not be saved."
    invoke-static {v0, v2}, Ldev/hybridge/shell/ShellDownloadListener;->say(Landroid/content/Context;Ljava/lang/String;)V
    return-void
.end method

# All of in into out, then both closed (the bytes are on disk when this returns).
.method private static copy(Ljava/io/InputStream;Ljava/io/OutputStream;)V
    .locals 3
    const/16 v0, 0x2000
    new-array v0, v0, [B

    :loop
    invoke-virtual {p0, v0}, Ljava/io/InputStream;->read([B)I
    move-result v1
    if-lez v1, :done
    const/4 v2, 0x0
    invoke-virtual {p1, v0, v2, v1}, Ljava/io/OutputStream;->write([BII)V
    goto :loop

    :done
    invoke-virtual {p1}, Ljava/io/OutputStream;->close()V
    invoke-virtual {p0}, Ljava/io/InputStream;->close()V
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
