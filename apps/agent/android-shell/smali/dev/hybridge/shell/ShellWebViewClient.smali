# Keeps web navigation inside the app's WebView (a plain WebViewClient does that) and hands the
# links a WebView cannot open (tel:, mailto:, geo:, market:, …) to the app that handles them.
.class public Ldev/hybridge/shell/ShellWebViewClient;
.super Landroid/webkit/WebViewClient;
.source "ShellWebViewClient.smali"

.method public constructor <init>()V
    .locals 0
    invoke-direct {p0}, Landroid/webkit/WebViewClient;-><init>()V
    return-void
.end method

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
