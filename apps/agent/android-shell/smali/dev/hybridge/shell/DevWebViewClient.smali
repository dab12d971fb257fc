# The dev app's WebView client: the shell's own (the bundle at https://localhost — here the dev
# app's start screen and its pages —, links, intent:, a dead renderer) plus what the dev app adds:
# - the developer's dev server counts as the app (isAppUrl): its links stay in the WebView;
# - cleartext only to localhost, loopback and private addresses (DevUrls): every other http://
#   request is refused, since the network security config permits cleartext everywhere;
# - an update's preview: its folder (setPreviewRoot) answers https://localhost instead of the
#   dev app's pages, while it is open;
# - https://localhost/recent-projects.json, the start screen's list (DevProjects), and
#   https://localhost/open?server=…&app=…&url=…, its links, which open like a scanned link;
# - a dev server that does not answer a page's navigation shows the unreachable page.
# Vite's hot reload is a WebSocket to the dev server: WebSockets never reach shouldInterceptRequest,
# and the dev server's own requests (a private host) go to the network untouched.
.class public Ldev/hybridge/shell/DevWebViewClient;
.super Ldev/hybridge/shell/ShellWebViewClient;
.source "DevWebViewClient.smali"

.field private final activity:Ldev/hybridge/shell/DevActivity;

# The dev server's origin (scheme://host:port in lower case), null until a project is open. Set on
# the UI thread, where isAppUrl reads it; volatile all the same, as the activity may replace it
# while a navigation is being decided.
.field private volatile devOrigin:Ljava/lang/String;

.method public constructor <init>(Landroid/content/res/AssetManager;Ldev/hybridge/shell/DevActivity;)V
    .locals 0
    invoke-direct {p0, p1}, Ldev/hybridge/shell/ShellWebViewClient;-><init>(Landroid/content/res/AssetManager;)V
    iput-object p2, p0, Ldev/hybridge/shell/DevWebViewClient;->activity:Ldev/hybridge/shell/DevActivity;
    return-void
.end method

# The folder of the update being previewed (issue 27, decision 057), served on https://localhost
# instead of the dev app's own pages; null otherwise. Set on the UI thread, read on the WebView's.
.field private volatile previewRoot:Ljava/io/File;

# DevActivity sets it when a preview opens, clears it when any other link opens (and gives it to
# a new client after a renderer crash).
.method public setPreviewRoot(Ljava/io/File;)V
    .locals 0
    iput-object p1, p0, Ldev/hybridge/shell/DevWebViewClient;->previewRoot:Ljava/io/File;
    return-void
.end method

# A preview's folder while one is open: the update's files answer https://localhost.
.method protected bundleRoot()Ljava/io/File;
    .locals 1
    iget-object v0, p0, Ldev/hybridge/shell/DevWebViewClient;->previewRoot:Ljava/io/File;
    return-object v0
.end method

# DevActivity sets it when a project opens (and on a new client after a renderer crash).
.method public setDevOrigin(Ljava/lang/String;)V
    .locals 0
    iput-object p1, p0, Ldev/hybridge/shell/DevWebViewClient;->devOrigin:Ljava/lang/String;
    return-void
.end method

# The app's origin (the start screen's) or the open project's dev server: links to either stay in
# the WebView; others open in the browser (ShellWebViewClient.shouldOverrideUrlLoading).
.method protected isAppUrl(Landroid/net/Uri;)Z
    .locals 2
    invoke-super {p0, p1}, Ldev/hybridge/shell/ShellWebViewClient;->isAppUrl(Landroid/net/Uri;)Z
    move-result v0
    if-nez v0, :yes
    iget-object v0, p0, Ldev/hybridge/shell/DevWebViewClient;->devOrigin:Ljava/lang/String;
    if-eqz v0, :no
    invoke-static {p1}, Ldev/hybridge/shell/DevWebViewClient;->originOf(Landroid/net/Uri;)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v0, v1}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v0
    return v0
    :yes
    const/4 v0, 0x1
    return v0
    :no
    const/4 v0, 0x0
    return v0
.end method

# A URL's origin as the bridge and isAppUrl compare it: scheme://authority in lower case; null
# for a URL without an authority.
.method public static originOf(Landroid/net/Uri;)Ljava/lang/String;
    .locals 3
    invoke-virtual {p0}, Landroid/net/Uri;->getScheme()Ljava/lang/String;
    move-result-object v0
    invoke-virtual {p0}, Landroid/net/Uri;->getAuthority()Ljava/lang/String;
    move-result-object v1
    if-eqz v0, :none
    if-eqz v1, :none
    const-string v2, "://"
    invoke-virtual {v0, v2}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    invoke-virtual {v0, v1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    sget-object v1, Ljava/util/Locale;->ROOT:Ljava/util/Locale;
    invoke-virtual {v0, v1}, Ljava/lang/String;->toLowerCase(Ljava/util/Locale;)Ljava/lang/String;
    move-result-object v0
    return-object v0
    :none
    const/4 v0, 0x0
    return-object v0
.end method

# Every request of the page: cleartext to a host that is not private is refused (the WebView
# never sends it); the start screen's list is answered from the phone's preferences; the rest is
# the shell's (the dev app's pages from its assets) or the network's.
.method public shouldInterceptRequest(Landroid/webkit/WebView;Landroid/webkit/WebResourceRequest;)Landroid/webkit/WebResourceResponse;
    .locals 4
    invoke-interface {p2}, Landroid/webkit/WebResourceRequest;->getUrl()Landroid/net/Uri;
    move-result-object v0
    invoke-virtual {v0}, Landroid/net/Uri;->getScheme()Ljava/lang/String;
    move-result-object v1
    const-string v2, "http"
    invoke-virtual {v2, v1}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v2
    if-eqz v2, :not_cleartext

    # Android's getHost() keeps an IPv6 address's brackets, as DevUrls expects them.
    invoke-virtual {v0}, Landroid/net/Uri;->getHost()Ljava/lang/String;
    move-result-object v1
    if-eqz v1, :refuse
    sget-object v2, Ljava/util/Locale;->ROOT:Ljava/util/Locale;
    invoke-virtual {v1, v2}, Ljava/lang/String;->toLowerCase(Ljava/util/Locale;)Ljava/lang/String;
    move-result-object v1
    invoke-static {v1}, Ldev/hybridge/shell/DevUrls;->isPrivateHost(Ljava/lang/String;)Z
    move-result v1
    if-nez v1, :shell
    :refuse
    invoke-interface {p2}, Landroid/webkit/WebResourceRequest;->isForMainFrame()Z
    move-result v1
    invoke-virtual {v0}, Landroid/net/Uri;->toString()Ljava/lang/String;
    move-result-object v0
    invoke-static {v1, v0}, Ldev/hybridge/shell/DevWebViewClient;->refused(ZLjava/lang/String;)Landroid/webkit/WebResourceResponse;
    move-result-object v0
    return-object v0

    # A preview's page is the update's app, not the start screen: no list for it.
    :not_cleartext
    iget-object v1, p0, Ldev/hybridge/shell/DevWebViewClient;->previewRoot:Ljava/io/File;
    if-nez v1, :shell
    const-string v1, "/recent-projects.json"
    invoke-static {v0, v1}, Ldev/hybridge/shell/DevWebViewClient;->isStartScreenPath(Landroid/net/Uri;Ljava/lang/String;)Z
    move-result v1
    if-eqz v1, :shell
    iget-object v0, p0, Ldev/hybridge/shell/DevWebViewClient;->activity:Ldev/hybridge/shell/DevActivity;
    invoke-static {v0}, Ldev/hybridge/shell/DevProjects;->listJson(Landroid/content/Context;)Ljava/lang/String;
    move-result-object v0
    sget-object v1, Ljava/nio/charset/StandardCharsets;->UTF_8:Ljava/nio/charset/Charset;
    invoke-virtual {v0, v1}, Ljava/lang/String;->getBytes(Ljava/nio/charset/Charset;)[B
    move-result-object v0
    new-instance v1, Ljava/io/ByteArrayInputStream;
    invoke-direct {v1, v0}, Ljava/io/ByteArrayInputStream;-><init>([B)V
    new-instance v0, Landroid/webkit/WebResourceResponse;
    const-string v2, "application/json"
    const-string v3, "utf-8"
    invoke-direct {v0, v2, v3, v1}, Landroid/webkit/WebResourceResponse;-><init>(Ljava/lang/String;Ljava/lang/String;Ljava/io/InputStream;)V
    return-object v0

    :shell
    invoke-super {p0, p1, p2}, Ldev/hybridge/shell/ShellWebViewClient;->shouldInterceptRequest(Landroid/webkit/WebView;Landroid/webkit/WebResourceRequest;)Landroid/webkit/WebResourceResponse;
    move-result-object v0
    return-object v0
.end method

# The answer to a refused cleartext request: 403. A page's navigation gets a page that moves to the
# dev app's explanation (https://localhost/refused.html?url=…); a script, image or fetch nothing.
.method private static refused(ZLjava/lang/String;)Landroid/webkit/WebResourceResponse;
    .locals 5
    const/4 v0, 0x0
    const/4 v1, 0x0
    const/4 v2, 0x0
    if-eqz p0, :answer
    # Uri.encode leaves no double quote: the URL cannot leave the attribute.
    const-string v3, "<!doctype html><meta http-equiv=\"refresh\" content=\"0;url=https://localhost/refused.html?url="
    invoke-static {p1}, Landroid/net/Uri;->encode(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v4
    invoke-virtual {v3, v4}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    const-string v4, "\">"
    invoke-virtual {v3, v4}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    sget-object v4, Ljava/nio/charset/StandardCharsets;->UTF_8:Ljava/nio/charset/Charset;
    invoke-virtual {v3, v4}, Ljava/lang/String;->getBytes(Ljava/nio/charset/Charset;)[B
    move-result-object v3
    new-instance v2, Ljava/io/ByteArrayInputStream;
    invoke-direct {v2, v3}, Ljava/io/ByteArrayInputStream;-><init>([B)V
    const-string v0, "text/html"
    const-string v1, "utf-8"

    :answer
    new-instance v3, Landroid/webkit/WebResourceResponse;
    invoke-direct {v3, v0, v1, v2}, Landroid/webkit/WebResourceResponse;-><init>(Ljava/lang/String;Ljava/lang/String;Ljava/io/InputStream;)V
    const/16 v0, 0x193
    const-string v1, "Forbidden"
    invoke-virtual {v3, v0, v1}, Landroid/webkit/WebResourceResponse;->setStatusCodeAndReasonPhrase(ILjava/lang/String;)V
    return-object v3
.end method

# Whether a URL is the dev app's own page at this path: https://localhost{path}.
.method private static isStartScreenPath(Landroid/net/Uri;Ljava/lang/String;)Z
    .locals 1
    invoke-static {p0}, Ldev/hybridge/shell/DevWebViewClient;->isOwnPage(Landroid/net/Uri;)Z
    move-result v0
    if-eqz v0, :no
    invoke-virtual {p0}, Landroid/net/Uri;->getPath()Ljava/lang/String;
    move-result-object v0
    invoke-virtual {p1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v0
    return v0
    :no
    const/4 v0, 0x0
    return v0
.end method

# Whether a URL is one of the dev app's own pages: https://localhost (the authority, as the shell
# compares it: http://localhost or https://localhost:5173 is a dev server).
.method private static isOwnPage(Landroid/net/Uri;)Z
    .locals 2
    const-string v0, "https"
    invoke-virtual {p0}, Landroid/net/Uri;->getScheme()Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v0, v1}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v0
    if-eqz v0, :no
    const-string v0, "localhost"
    invoke-virtual {p0}, Landroid/net/Uri;->getAuthority()Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v0, v1}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v0
    return v0
    :no
    const/4 v0, 0x0
    return v0
.end method

# The start screen's and the unreachable page's links (https://localhost/open?…) open their project
# as a scanned link would (DevActivity.openLink); every other link is the shell's to decide.
.method public shouldOverrideUrlLoading(Landroid/webkit/WebView;Landroid/webkit/WebResourceRequest;)Z
    .locals 2
    invoke-interface {p2}, Landroid/webkit/WebResourceRequest;->getUrl()Landroid/net/Uri;
    move-result-object v0
    const-string v1, "/open"
    invoke-static {v0, v1}, Ldev/hybridge/shell/DevWebViewClient;->isStartScreenPath(Landroid/net/Uri;Ljava/lang/String;)Z
    move-result v1
    if-eqz v1, :shell
    iget-object v1, p0, Ldev/hybridge/shell/DevWebViewClient;->activity:Ldev/hybridge/shell/DevActivity;
    invoke-virtual {v1, v0}, Ldev/hybridge/shell/DevActivity;->openLink(Landroid/net/Uri;)V
    const/4 v0, 0x1
    return v0
    :shell
    invoke-super {p0, p1, p2}, Ldev/hybridge/shell/ShellWebViewClient;->shouldOverrideUrlLoading(Landroid/webkit/WebView;Landroid/webkit/WebResourceRequest;)Z
    move-result v0
    return v0
.end method

# A page's navigation failed (no route to the dev server, connection refused, a .local name that
# does not resolve): the dev app's unreachable page with the address tried and Retry, instead of
# the WebView's blank error page. Failures of scripts or images, and of the dev app's own pages,
# change nothing.
.method public onReceivedError(Landroid/webkit/WebView;Landroid/webkit/WebResourceRequest;Landroid/webkit/WebResourceError;)V
    .locals 2
    invoke-super {p0, p1, p2, p3}, Ldev/hybridge/shell/ShellWebViewClient;->onReceivedError(Landroid/webkit/WebView;Landroid/webkit/WebResourceRequest;Landroid/webkit/WebResourceError;)V
    invoke-interface {p2}, Landroid/webkit/WebResourceRequest;->isForMainFrame()Z
    move-result v0
    if-eqz v0, :done
    invoke-interface {p2}, Landroid/webkit/WebResourceRequest;->getUrl()Landroid/net/Uri;
    move-result-object v0
    invoke-static {v0}, Ldev/hybridge/shell/DevWebViewClient;->isOwnPage(Landroid/net/Uri;)Z
    move-result v1
    if-nez v1, :done
    invoke-virtual {v0}, Landroid/net/Uri;->toString()Ljava/lang/String;
    move-result-object v0
    iget-object v1, p0, Ldev/hybridge/shell/DevWebViewClient;->activity:Ldev/hybridge/shell/DevActivity;
    invoke-virtual {v1, v0}, Ldev/hybridge/shell/DevActivity;->showUnreachable(Ljava/lang/String;)V
    :done
    return-void
.end method
