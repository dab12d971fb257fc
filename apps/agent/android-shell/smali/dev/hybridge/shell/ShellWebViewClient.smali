# Serves the web bundle packed in the APK (assets/www/) from the app's own https origin,
# https://localhost, keeps the app's own navigation inside the WebView, opens other sites in the
# browser, starts the app an intent: link names, hands the links a WebView cannot open (tel:,
# mailto:, geo:, market:, …) to the app that handles them, and survives its renderer's death.
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

# Over-the-air updates (decision 052): when it names a folder (bundleRoot), the bundle is served
# from there instead of assets/www, on the same origin. Null in the dev app.
.field private final updates:Ldev/hybridge/shell/ShellUpdates;

# The APK's bundle only (the dev app's client).
.method public constructor <init>(Landroid/content/res/AssetManager;)V
    .locals 1
    const/4 v0, 0x0
    invoke-direct {p0, p1, v0}, Ldev/hybridge/shell/ShellWebViewClient;-><init>(Landroid/content/res/AssetManager;Ldev/hybridge/shell/ShellUpdates;)V
    return-void
.end method

.method public constructor <init>(Landroid/content/res/AssetManager;Ldev/hybridge/shell/ShellUpdates;)V
    .locals 0
    invoke-direct {p0}, Landroid/webkit/WebViewClient;-><init>()V
    iput-object p1, p0, Ldev/hybridge/shell/ShellWebViewClient;->assets:Landroid/content/res/AssetManager;
    iput-object p2, p0, Ldev/hybridge/shell/ShellWebViewClient;->updates:Ldev/hybridge/shell/ShellUpdates;
    return-void
.end method

# A page finished loading: MainActivity may start the update check (once per process).
.method public onPageFinished(Landroid/webkit/WebView;Ljava/lang/String;)V
    .locals 2
    invoke-virtual {p1}, Landroid/webkit/WebView;->getContext()Landroid/content/Context;
    move-result-object v0
    instance-of v1, v0, Ldev/hybridge/shell/MainActivity;
    if-eqz v1, :not_ours
    check-cast v0, Ldev/hybridge/shell/MainActivity;
    invoke-virtual {v0}, Ldev/hybridge/shell/MainActivity;->onPageLoaded()V
    :not_ours
    return-void
.end method

# Every request the page makes (documents, scripts, fetches). Those to https://localhost are
# answered from the bundle; null lets the WebView load the others from the network as usual.
.method public shouldInterceptRequest(Landroid/webkit/WebView;Landroid/webkit/WebResourceRequest;)Landroid/webkit/WebResourceResponse;
    .locals 3

    invoke-interface {p2}, Landroid/webkit/WebResourceRequest;->getUrl()Landroid/net/Uri;
    move-result-object v0

    # http:// (decision 058): a development build's page reaches its own server only, any other
    # build's none — 403 here, whatever the network security config would say. The dev app's
    # client (no updates) decides for itself (DevWebViewClient).
    invoke-virtual {v0}, Landroid/net/Uri;->getScheme()Ljava/lang/String;
    move-result-object v1
    const-string v2, "http"
    invoke-virtual {v2, v1}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v1
    if-eqz v1, :not_cleartext
    iget-object v1, p0, Ldev/hybridge/shell/ShellWebViewClient;->updates:Ldev/hybridge/shell/ShellUpdates;
    if-eqz v1, :not_cleartext
    invoke-virtual {v1, v0}, Ldev/hybridge/shell/ShellUpdates;->allowsCleartext(Landroid/net/Uri;)Z
    move-result v1
    if-nez v1, :network
    new-instance v0, Landroid/webkit/WebResourceResponse;
    const/4 v1, 0x0
    invoke-direct {v0, v1, v1, v1}, Landroid/webkit/WebResourceResponse;-><init>(Ljava/lang/String;Ljava/lang/String;Ljava/io/InputStream;)V
    const/16 v1, 0x193
    const-string v2, "Forbidden"
    invoke-virtual {v0, v1, v2}, Landroid/webkit/WebResourceResponse;->setStatusCodeAndReasonPhrase(ILjava/lang/String;)V
    return-object v0

    :not_cleartext
    invoke-static {v0}, Ldev/hybridge/shell/ShellWebViewClient;->isBundleUrl(Landroid/net/Uri;)Z
    move-result v1
    if-eqz v1, :network

    # getPath() is decoded: %20 is a space, %C3%A9 an é, as in the bundle's file names.
    invoke-virtual {v0}, Landroid/net/Uri;->getPath()Ljava/lang/String;
    move-result-object v0

    # v1: whether a missing path gets the app's page — only a page's own navigation that takes
    # HTML in answer does; a script, a fetch or an iframe of the same path does not.
    const/4 v1, 0x0
    invoke-interface {p2}, Landroid/webkit/WebResourceRequest;->isForMainFrame()Z
    move-result v2
    if-eqz v2, :serve
    invoke-interface {p2}, Landroid/webkit/WebResourceRequest;->getRequestHeaders()Ljava/util/Map;
    move-result-object v2
    invoke-static {v2}, Ldev/hybridge/shell/ShellWebViewClient;->acceptsHtml(Ljava/util/Map;)Z
    move-result v1

    :serve
    invoke-direct {p0, v0, v1}, Ldev/hybridge/shell/ShellWebViewClient;->serveBundleFile(Ljava/lang/String;Z)Landroid/webkit/WebResourceResponse;
    move-result-object v0
    return-object v0

    :network
    const/4 v0, 0x0
    return-object v0
.end method

# Whether a URL is the bundle's: https://localhost. The authority, not the host:
# https://localhost:8443 (a server on the phone) is not the app. Static, so that a subclass that
# widens isAppUrl (the dev app accepts its dev server too) never has the bundle answer for it.
.method private static isBundleUrl(Landroid/net/Uri;)Z
    .locals 2

    invoke-virtual {p0}, Landroid/net/Uri;->getScheme()Ljava/lang/String;
    move-result-object v0
    const-string v1, "https"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v0
    if-eqz v0, :other

    invoke-virtual {p0}, Landroid/net/Uri;->getAuthority()Ljava/lang/String;
    move-result-object v0
    const-string v1, "localhost"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v0
    return v0

    :other
    const/4 v0, 0x0
    return v0
.end method

# Whether a URL is the app's own, the origin whose links stay in the WebView (and the only one the
# bridge answers): https://localhost here. Protected so that the dev app's client, which loads the
# developer's dev server, can add that origin.
.method protected isAppUrl(Landroid/net/Uri;)Z
    .locals 1
    invoke-static {p1}, Ldev/hybridge/shell/ShellWebViewClient;->isBundleUrl(Landroid/net/Uri;)Z
    move-result v0
    return v0
.end method

# Whether a page's request takes HTML in answer, from its Accept header (a navigation sends
# "text/html,…,*/*;q=0.8"): text/html, text/* or */* in it, in any case. No header says nothing
# against HTML, so it counts as yes: a reload must not 404 on a phone whose WebView leaves the
# header out of getRequestHeaders().
.method private static acceptsHtml(Ljava/util/Map;)Z
    .locals 3

    if-eqz p0, :yes
    const-string v0, "Accept"
    invoke-interface {p0, v0}, Ljava/util/Map;->get(Ljava/lang/Object;)Ljava/lang/Object;
    move-result-object v0
    if-nez v0, :check
    const-string v0, "accept"
    invoke-interface {p0, v0}, Ljava/util/Map;->get(Ljava/lang/Object;)Ljava/lang/Object;
    move-result-object v0
    if-eqz v0, :yes

    :check
    check-cast v0, Ljava/lang/String;
    sget-object v1, Ljava/util/Locale;->ROOT:Ljava/util/Locale;
    invoke-virtual {v0, v1}, Ljava/lang/String;->toLowerCase(Ljava/util/Locale;)Ljava/lang/String;
    move-result-object v0
    const-string v1, "text/html"
    invoke-virtual {v0, v1}, Ljava/lang/String;->contains(Ljava/lang/CharSequence;)Z
    move-result v2
    if-nez v2, :yes
    const-string v1, "text/*"
    invoke-virtual {v0, v1}, Ljava/lang/String;->contains(Ljava/lang/CharSequence;)Z
    move-result v2
    if-nez v2, :yes
    const-string v1, "*/*"
    invoke-virtual {v0, v1}, Ljava/lang/String;->contains(Ljava/lang/CharSequence;)Z
    move-result v2
    return v2

    :yes
    const/4 v2, 0x1
    return v2
.end method

# The answer for a path of the app's origin, like a static host configured for a single-page app:
# /a/b.js is www/a/b.js, a path ending in / is that folder's index.html; when p2 is set (a page's
# navigation that takes HTML) a missing path gets www/index.html, so that the app's router shows
# it — a history API route (/products/42) and one with a dot (/u/jane.doe) alike; anything else
# missing is a 404.
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

# The folder the bundle is served from instead of the APK's assets/www, or null for those: the
# current update's (ShellUpdates.bundleRoot). The dev app's client answers its preview's folder.
# Read at each request, on the WebView's threads.
.method protected bundleRoot()Ljava/io/File;
    .locals 1
    iget-object v0, p0, Ldev/hybridge/shell/ShellWebViewClient;->updates:Ldev/hybridge/shell/ShellUpdates;
    if-eqz v0, :none
    invoke-virtual {v0}, Ldev/hybridge/shell/ShellUpdates;->bundleRoot()Ljava/io/File;
    move-result-object v0
    return-object v0
    :none
    const/4 v0, 0x0
    return-object v0
.end method

# The asset's stream, or null when the APK has no such file (AssetManager.open throws
# FileNotFoundException, an IOException, for a missing name and for a folder's). With an update
# applied, "www/…" is that update's folder's file instead (FileInputStream throws the same for a
# missing file or a folder), read at each request: a rollback or updates.reload changes it.
.method private openAsset(Ljava/lang/String;)Ljava/io/InputStream;
    .locals 3
    invoke-virtual {p0}, Ldev/hybridge/shell/ShellWebViewClient;->bundleRoot()Ljava/io/File;
    move-result-object v0
    if-eqz v0, :assets
    const/4 v1, 0x4
    invoke-virtual {p1, v1}, Ljava/lang/String;->substring(I)Ljava/lang/String;
    move-result-object v1
    new-instance v2, Ljava/io/File;
    invoke-direct {v2, v0, v1}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    :try_start_file
    new-instance v0, Ljava/io/FileInputStream;
    invoke-direct {v0, v2}, Ljava/io/FileInputStream;-><init>(Ljava/io/File;)V
    :try_end_file
    .catch Ljava/io/IOException; {:try_start_file .. :try_end_file} :missing
    return-object v0

    :assets
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

# Where a followed link (or a page's own navigation) goes, decision 046:
# - the app's origin (isAppUrl) stays in the WebView; so does every navigation of an iframe (an
#   embedded video, a payment form), which the bridge does not answer anyway;
# - a page of another site opens in the browser: with the bridge, a site in this WebView could
#   reach native functions, and the user gets the browser's address bar, passwords and sign-ins;
# - an intent: link starts the app it names, or its browser_fallback_url (openIntentUri);
# - tel:, mailto:, geo:, market:, … go to the app that handles them;
# - file:, about:, data: and blob: stay (isWebScheme).
# True: the WebView does not load it (handled here, or nothing on the phone may open it — either
# way the WebView shows no error page).
.method public shouldOverrideUrlLoading(Landroid/webkit/WebView;Landroid/webkit/WebResourceRequest;)Z
    .locals 3

    invoke-interface {p2}, Landroid/webkit/WebResourceRequest;->getUrl()Landroid/net/Uri;
    move-result-object v0
    invoke-virtual {v0}, Landroid/net/Uri;->getScheme()Ljava/lang/String;
    move-result-object v1

    invoke-static {v1}, Ldev/hybridge/shell/ShellWebViewClient;->isHttpScheme(Ljava/lang/String;)Z
    move-result v2
    if-eqz v2, :not_http
    invoke-interface {p2}, Landroid/webkit/WebResourceRequest;->isForMainFrame()Z
    move-result v2
    if-eqz v2, :stay
    invoke-virtual {p0, v0}, Ldev/hybridge/shell/ShellWebViewClient;->isAppUrl(Landroid/net/Uri;)Z
    move-result v2
    if-nez v2, :stay
    invoke-static {p1, v0}, Ldev/hybridge/shell/ShellWebViewClient;->openInBrowser(Landroid/webkit/WebView;Landroid/net/Uri;)V
    goto :handled

    :not_http
    const-string v2, "intent"
    invoke-virtual {v2, v1}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v2
    if-eqz v2, :not_intent
    # The URI as the page wrote it: parseUri reads its #Intent;…;end part.
    invoke-virtual {v0}, Landroid/net/Uri;->toString()Ljava/lang/String;
    move-result-object v0
    invoke-direct {p0, p1, v0}, Ldev/hybridge/shell/ShellWebViewClient;->openIntentUri(Landroid/webkit/WebView;Ljava/lang/String;)V
    goto :handled

    :not_intent
    invoke-static {v1}, Ldev/hybridge/shell/ShellWebViewClient;->isWebScheme(Ljava/lang/String;)Z
    move-result v2
    if-nez v2, :stay
    new-instance v1, Landroid/content/Intent;
    const-string v2, "android.intent.action.VIEW"
    invoke-direct {v1, v2, v0}, Landroid/content/Intent;-><init>(Ljava/lang/String;Landroid/net/Uri;)V
    invoke-static {p1, v1}, Ldev/hybridge/shell/ShellWebViewClient;->startOutside(Landroid/webkit/WebView;Landroid/content/Intent;)Z

    :handled
    const/4 v1, 0x1
    return v1

    :stay
    const/4 v1, 0x0
    return v1
.end method

# An intent: link (intent://host/path#Intent;scheme=…;package=…;S.browser_fallback_url=…;end), as
# Chrome treats it: the intent it describes, made safe to start from a web page — no component
# (which would reach any exported activity of any app, ours included) in it or in its selector,
# BROWSABLE (only activities that accept being opened from a link); parseUri itself drops the
# flags that would grant access to our content: URIs (without URI_ALLOW_UNSAFE). When no app
# takes it, an http(s) browser_fallback_url opens instead (in the WebView when it is the app's
# own). A malformed URI, which parseUri refuses with URISyntaxException or a RuntimeException
# (launchFlags=zz), does nothing.
.method private openIntentUri(Landroid/webkit/WebView;Ljava/lang/String;)V
    .locals 4

    :try_start
    const/4 v0, 0x1
    invoke-static {p2, v0}, Landroid/content/Intent;->parseUri(Ljava/lang/String;I)Landroid/content/Intent;
    move-result-object v0
    :try_end
    .catch Ljava/lang/Exception; {:try_start .. :try_end} :malformed

    const-string v1, "android.intent.category.BROWSABLE"
    const/4 v2, 0x0
    invoke-virtual {v0, v1}, Landroid/content/Intent;->addCategory(Ljava/lang/String;)Landroid/content/Intent;
    invoke-virtual {v0, v2}, Landroid/content/Intent;->setComponent(Landroid/content/ComponentName;)Landroid/content/Intent;
    invoke-virtual {v0}, Landroid/content/Intent;->getSelector()Landroid/content/Intent;
    move-result-object v3
    if-eqz v3, :start
    invoke-virtual {v3, v1}, Landroid/content/Intent;->addCategory(Ljava/lang/String;)Landroid/content/Intent;
    invoke-virtual {v3, v2}, Landroid/content/Intent;->setComponent(Landroid/content/ComponentName;)Landroid/content/Intent;

    :start
    invoke-static {p1, v0}, Ldev/hybridge/shell/ShellWebViewClient;->startOutside(Landroid/webkit/WebView;Landroid/content/Intent;)Z
    move-result v3
    if-nez v3, :done

    const-string v1, "browser_fallback_url"
    invoke-virtual {v0, v1}, Landroid/content/Intent;->getStringExtra(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    if-eqz v1, :done
    invoke-static {v1}, Landroid/net/Uri;->parse(Ljava/lang/String;)Landroid/net/Uri;
    move-result-object v2
    invoke-virtual {v2}, Landroid/net/Uri;->getScheme()Ljava/lang/String;
    move-result-object v3
    invoke-static {v3}, Ldev/hybridge/shell/ShellWebViewClient;->isHttpScheme(Ljava/lang/String;)Z
    move-result v3
    if-eqz v3, :done
    invoke-virtual {p0, v2}, Ldev/hybridge/shell/ShellWebViewClient;->isAppUrl(Landroid/net/Uri;)Z
    move-result v3
    if-eqz v3, :browser
    invoke-virtual {p1, v1}, Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V
    return-void

    :browser
    invoke-static {p1, v2}, Ldev/hybridge/shell/ShellWebViewClient;->openInBrowser(Landroid/webkit/WebView;Landroid/net/Uri;)V

    :done
    return-void

    :malformed
    return-void
.end method

# An http(s) page in the browser (or the app the phone has for that site, as a link in the browser
# would): ACTION_VIEW, BROWSABLE. Started from the WebView's context, the activity, so it needs no
# FLAG_ACTIVITY_NEW_TASK.
.method private static openInBrowser(Landroid/webkit/WebView;Landroid/net/Uri;)V
    .locals 2
    new-instance v0, Landroid/content/Intent;
    const-string v1, "android.intent.action.VIEW"
    invoke-direct {v0, v1, p1}, Landroid/content/Intent;-><init>(Ljava/lang/String;Landroid/net/Uri;)V
    const-string v1, "android.intent.category.BROWSABLE"
    invoke-virtual {v0, v1}, Landroid/content/Intent;->addCategory(Ljava/lang/String;)Landroid/content/Intent;
    invoke-static {p0, v0}, Ldev/hybridge/shell/ShellWebViewClient;->startOutside(Landroid/webkit/WebView;Landroid/content/Intent;)Z
    return-void
.end method

# Starts another app's activity from the WebView's activity. False when no app on the phone takes
# the intent (ActivityNotFoundException) or the system refuses it (SecurityException: an activity
# that is not exported), rather than letting either close the app.
.method private static startOutside(Landroid/webkit/WebView;Landroid/content/Intent;)Z
    .locals 1
    :try_start
    invoke-virtual {p0}, Landroid/webkit/WebView;->getContext()Landroid/content/Context;
    move-result-object v0
    invoke-virtual {v0, p1}, Landroid/content/Context;->startActivity(Landroid/content/Intent;)V
    :try_end
    .catch Landroid/content/ActivityNotFoundException; {:try_start .. :try_end} :refused
    .catch Ljava/lang/SecurityException; {:try_start .. :try_end} :refused
    const/4 v0, 0x1
    return v0

    :refused
    const/4 v0, 0x0
    return v0
.end method

# The WebView's renderer process crashed or was killed to free memory (API 26+, when it is called
# at all: RenderProcessGoneDetail, absent from API 24–25, is only named in this signature, never
# used, so the class still loads there). Returning false lets the system end the whole app; the
# dead WebView may not be used again, so MainActivity (the dev app's activity extends it) replaces
# it with a new one on its start page and this returns true. A WebView in any other activity:
# false, as before.
.method public onRenderProcessGone(Landroid/webkit/WebView;Landroid/webkit/RenderProcessGoneDetail;)Z
    .locals 2
    invoke-virtual {p1}, Landroid/webkit/WebView;->getContext()Landroid/content/Context;
    move-result-object v0
    instance-of v1, v0, Ldev/hybridge/shell/MainActivity;
    if-eqz v1, :not_ours
    check-cast v0, Ldev/hybridge/shell/MainActivity;
    invoke-virtual {v0, p1}, Ldev/hybridge/shell/MainActivity;->onRendererGone(Landroid/webkit/WebView;)V
    const/4 v1, 0x1
    return v1

    :not_ours
    const/4 v1, 0x0
    return v1
.end method

# http and https, in any case (null: no).
.method private static isHttpScheme(Ljava/lang/String;)Z
    .locals 2
    const-string v0, "https"
    invoke-virtual {v0, p0}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v1
    if-nez v1, :yes
    const-string v0, "http"
    invoke-virtual {v0, p0}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v1
    return v1

    :yes
    const/4 v1, 0x1
    return v1
.end method

# The schemes a page's navigation keeps in the WebView without asking the origin: file: (though
# the WebView may not open files: handed to another app, a file:// URI would throw
# FileUriExposedException and close this one), about:, data:, blob:. http(s) is decided above.
.method private static isWebScheme(Ljava/lang/String;)Z
    .locals 2

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
