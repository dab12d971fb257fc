# Serves the web bundle packed in the APK (assets/www/) from the app's own https origin,
# https://localhost, keeps web navigation inside the app's WebView, and hands the links a WebView
# cannot open (tel:, mailto:, geo:, market:, …) to the app that handles them.
#
# Why an https origin rather than file:// URLs: a bundle's root-relative URLs
# (src="/assets/index-3f.js", Vite's default base) resolve against it, and the page gets a real
# origin (not "null") for fetch, cookies, storage and CORS. https://localhost is Capacitor's origin
# too, so web apps and backends set up for it work unchanged. The origin is where every installed
# app keeps its storage: changing it would empty that storage on the next update.
.class public Ldev/hybridge/shell/ShellWebViewClient;
.super Landroid/webkit/WebViewClient;
.source "ShellWebViewClient.smali"

# The app's assets. shouldInterceptRequest runs on the WebView's own threads: the field is final,
# so those threads see it set, and AssetManager.open may be called from any thread.
.field private final assets:Landroid/content/res/AssetManager;

.method public constructor <init>(Landroid/content/res/AssetManager;)V
    .locals 0
    invoke-direct {p0}, Landroid/webkit/WebViewClient;-><init>()V
    iput-object p1, p0, Ldev/hybridge/shell/ShellWebViewClient;->assets:Landroid/content/res/AssetManager;
    return-void
.end method

# Every request the page makes (documents, scripts, fetches). Those to https://localhost are
# answered from the bundle; null lets the WebView load the others from the network as usual.
.method public shouldInterceptRequest(Landroid/webkit/WebView;Landroid/webkit/WebResourceRequest;)Landroid/webkit/WebResourceResponse;
    .locals 3

    invoke-interface {p2}, Landroid/webkit/WebResourceRequest;->getUrl()Landroid/net/Uri;
    move-result-object v0

    invoke-virtual {v0}, Landroid/net/Uri;->getScheme()Ljava/lang/String;
    move-result-object v1
    const-string v2, "https"
    invoke-virtual {v2, v1}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    if-eqz v1, :network

    # The authority, not the host: https://localhost:8443 (a server on the phone) is not the app.
    invoke-virtual {v0}, Landroid/net/Uri;->getAuthority()Ljava/lang/String;
    move-result-object v1
    const-string v2, "localhost"
    invoke-virtual {v2, v1}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    if-eqz v1, :network

    # getPath() is decoded: %20 is a space, %C3%A9 an é, as in the bundle's file names.
    invoke-virtual {v0}, Landroid/net/Uri;->getPath()Ljava/lang/String;
    move-result-object v0
    invoke-interface {p2}, Landroid/webkit/WebResourceRequest;->isForMainFrame()Z
    move-result v1
    invoke-direct {p0, v0, v1}, Ldev/hybridge/shell/ShellWebViewClient;->serveBundleFile(Ljava/lang/String;Z)Landroid/webkit/WebResourceResponse;
    move-result-object v0
    return-object v0

    :network
    const/4 v0, 0x0
    return-object v0
.end method

# The answer for a path of the app's origin, like a static host configured for a single-page app:
# /a/b.js is www/a/b.js, a path ending in / is that folder's index.html; a page's navigation to a
# missing path without an extension (/products/42, a history API route) gets www/index.html, so
# that the app's router shows it; anything else missing is a 404.
.method private serveBundleFile(Ljava/lang/String;Z)Landroid/webkit/WebResourceResponse;
    .locals 4

    if-eqz p1, :not_found

    # No way out of www/: a ".." segment (decoded from %2E%2E too) is refused.
    const-string v0, "/"
    invoke-virtual {p1, v0}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    const-string v2, "/../"
    invoke-virtual {v1, v2}, Ljava/lang/String;->contains(Ljava/lang/CharSequence;)Z
    move-result v1
    if-nez v1, :not_found

    const-string v1, "www"
    invoke-virtual {v1, p1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {p1, v0}, Ljava/lang/String;->endsWith(Ljava/lang/String;)Z
    move-result v2
    if-eqz v2, :open
    const-string v2, "index.html"
    invoke-virtual {v1, v2}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1

    :open
    invoke-direct {p0, v1}, Ldev/hybridge/shell/ShellWebViewClient;->openAsset(Ljava/lang/String;)Ljava/io/InputStream;
    move-result-object v2
    if-nez v2, :found

    if-eqz p2, :not_found
    invoke-static {p1}, Ldev/hybridge/shell/ShellWebViewClient;->extensionOf(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    if-nez v3, :not_found
    const-string v1, "www/index.html"
    invoke-direct {p0, v1}, Ldev/hybridge/shell/ShellWebViewClient;->openAsset(Ljava/lang/String;)Ljava/io/InputStream;
    move-result-object v2
    if-eqz v2, :not_found

    # v1: the asset's name, v2: its open stream. 200 OK; no charset, as a static host sends none
    # (pages say theirs in <meta charset>).
    :found
    invoke-static {v1}, Ldev/hybridge/shell/ShellWebViewClient;->mimeTypeOf(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    new-instance v3, Landroid/webkit/WebResourceResponse;
    const/4 v1, 0x0
    invoke-direct {v3, v0, v1, v2}, Landroid/webkit/WebResourceResponse;-><init>(Ljava/lang/String;Ljava/lang/String;Ljava/io/InputStream;)V
    return-object v3

    # Answered here rather than left to the network, where https://localhost reaches nothing.
    :not_found
    new-instance v0, Landroid/webkit/WebResourceResponse;
    const/4 v1, 0x0
    invoke-direct {v0, v1, v1, v1}, Landroid/webkit/WebResourceResponse;-><init>(Ljava/lang/String;Ljava/lang/String;Ljava/io/InputStream;)V
    const/16 v2, 0x194
    const-string v3, "Not Found"
    invoke-virtual {v0, v2, v3}, Landroid/webkit/WebResourceResponse;->setStatusCodeAndReasonPhrase(ILjava/lang/String;)V
    return-object v0
.end method

# The asset's stream, or null when the APK has no such file (AssetManager.open throws
# FileNotFoundException, an IOException, for a missing name and for a folder's).
.method private openAsset(Ljava/lang/String;)Ljava/io/InputStream;
    .locals 1
    iget-object v0, p0, Ldev/hybridge/shell/ShellWebViewClient;->assets:Landroid/content/res/AssetManager;
    :try_start
    invoke-virtual {v0, p1}, Landroid/content/res/AssetManager;->open(Ljava/lang/String;)Ljava/io/InputStream;
    move-result-object v0
    :try_end
    .catch Ljava/io/IOException; {:try_start .. :try_end} :missing
    return-object v0

    :missing
    const/4 v0, 0x0
    return-object v0
.end method

# The file's type by its extension. The types the web platform checks strictly come from this
# list, the same on every phone: module scripts need a JavaScript type, stylesheets text/css,
# WebAssembly.instantiateStreaming application/wasm, an <img> of SVG image/svg+xml, and
# MimeTypeMap lacks some of them (mjs, wasm, webmanifest) or varies between Android versions.
# Other extensions ask MimeTypeMap; null (unknown) lets the WebView sniff the type from the bytes.
.method private static mimeTypeOf(Ljava/lang/String;)Ljava/lang/String;
    .locals 3

    invoke-static {p0}, Ldev/hybridge/shell/ShellWebViewClient;->extensionOf(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    if-eqz v0, :unknown

    # Each entry: v1 whether the extension is this one, v2 its type (mjs and htm share the type
    # of the entry above them).
    const-string v1, "js"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    const-string v2, "text/javascript"
    if-nez v1, :known

    const-string v1, "mjs"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    if-nez v1, :known

    const-string v1, "css"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    const-string v2, "text/css"
    if-nez v1, :known

    const-string v1, "html"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    const-string v2, "text/html"
    if-nez v1, :known

    const-string v1, "htm"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    if-nez v1, :known

    const-string v1, "json"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    const-string v2, "application/json"
    if-nez v1, :known

    const-string v1, "wasm"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    const-string v2, "application/wasm"
    if-nez v1, :known

    const-string v1, "svg"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    const-string v2, "image/svg+xml"
    if-nez v1, :known

    const-string v1, "webmanifest"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    const-string v2, "application/manifest+json"
    if-nez v1, :known

    invoke-static {}, Landroid/webkit/MimeTypeMap;->getSingleton()Landroid/webkit/MimeTypeMap;
    move-result-object v1
    invoke-virtual {v1, v0}, Landroid/webkit/MimeTypeMap;->getMimeTypeFromExtension(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v2

    :known
    return-object v2

    :unknown
    const/4 v2, 0x0
    return-object v2
.end method

# The part of a path's last segment after its last dot, in lower case (Locale.ROOT: "ICO" is "ico"
# in Turkish too); null when that segment has no dot.
.method private static extensionOf(Ljava/lang/String;)Ljava/lang/String;
    .locals 2

    const/16 v0, 0x2e
    invoke-virtual {p0, v0}, Ljava/lang/String;->lastIndexOf(I)I
    move-result v0
    const/16 v1, 0x2f
    invoke-virtual {p0, v1}, Ljava/lang/String;->lastIndexOf(I)I
    move-result v1
    if-le v0, v1, :none

    add-int/lit8 v0, v0, 0x1
    invoke-virtual {p0, v0}, Ljava/lang/String;->substring(I)Ljava/lang/String;
    move-result-object v0
    sget-object v1, Ljava/util/Locale;->ROOT:Ljava/util/Locale;
    invoke-virtual {v0, v1}, Ljava/lang/String;->toLowerCase(Ljava/util/Locale;)Ljava/lang/String;
    move-result-object v0
    return-object v0

    :none
    const/4 v0, 0x0
    return-object v0
.end method

# Links to https://localhost, and every other http(s) link, stay in the WebView (decision 018).
.method public shouldOverrideUrlLoading(Landroid/webkit/WebView;Landroid/webkit/WebResourceRequest;)Z
    .locals 3

    invoke-interface {p2}, Landroid/webkit/WebResourceRequest;->getUrl()Landroid/net/Uri;
    move-result-object v0
    invoke-virtual {v0}, Landroid/net/Uri;->getScheme()Ljava/lang/String;
    move-result-object v1
    invoke-static {v1}, Ldev/hybridge/shell/ShellWebViewClient;->isWebScheme(Ljava/lang/String;)Z
    move-result v1
    if-eqz v1, :elsewhere
    const/4 v1, 0x0
    return v1

    :elsewhere
    new-instance v1, Landroid/content/Intent;
    const-string v2, "android.intent.action.VIEW"
    invoke-direct {v1, v2, v0}, Landroid/content/Intent;-><init>(Ljava/lang/String;Landroid/net/Uri;)V
    :try_start
    invoke-virtual {p1}, Landroid/webkit/WebView;->getContext()Landroid/content/Context;
    move-result-object v2
    invoke-virtual {v2, v1}, Landroid/content/Context;->startActivity(Landroid/content/Intent;)V
    :try_end
    .catch Landroid/content/ActivityNotFoundException; {:try_start .. :try_end} :no_handler
    .catch Ljava/lang/SecurityException; {:try_start .. :try_end} :no_handler

    # Handled, or nothing on the phone may open it: either way the WebView shows no error page.
    :no_handler
    const/4 v1, 0x1
    return v1
.end method

# file: stays too, though the WebView may not open files: handed to another app, a file:// URI
# would throw FileUriExposedException and close this one.
.method private static isWebScheme(Ljava/lang/String;)Z
    .locals 2

    const-string v0, "http"
    invoke-virtual {v0, p0}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v1
    if-nez v1, :web

    const-string v0, "https"
    invoke-virtual {v0, p0}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v1
    if-nez v1, :web

    const-string v0, "file"
    invoke-virtual {v0, p0}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v1
    if-nez v1, :web

    const-string v0, "about"
    invoke-virtual {v0, p0}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v1
    if-nez v1, :web

    const-string v0, "data"
    invoke-virtual {v0, p0}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v1
    if-nez v1, :web

    const-string v0, "blob"
    invoke-virtual {v0, p0}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v1
    if-nez v1, :web

    const/4 v1, 0x0
    return v1

    :web
    const/4 v1, 0x1
    return v1
.end method
