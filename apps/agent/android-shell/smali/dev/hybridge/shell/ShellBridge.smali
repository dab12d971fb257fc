# The page's native functions (docs/bridge.md), exposed as window.HybridgeNative, for the pages
# of one origin only: the app's (the bundle's in a built app, the dev server's in the dev app).
# Only what native code alone can do lives here; the SDK (@hybridge/app, bridge.ts) does the rest.
#
# Every call is checked, not once: the WebView calls this object on a background thread of its
# own, for any frame of any page it shows, so each call goes to the UI thread, where the main
# frame's current URL must be of the allowed origin, and must carry the token that only that
# origin's main frame received (evaluateJavascript runs in the main frame, never in a frame inside
# it): a cross-origin iframe in the app's page learns nothing and can call nothing (decision 048).
# Answers go back the same way, by evaluateJavascript of window.__hybridgeReceive in the main frame.
.class public Ldev/hybridge/shell/ShellBridge;
.super Ljava/lang/Object;
.source "ShellBridge.smali"

.field private final activity:Landroid/app/Activity;
.field private final webView:Landroid/webkit/WebView;

# Read on the WebView's background thread, written on the UI thread: volatile.
.field private volatile allowedOrigin:Ljava/lang/String;

# A secret per WebView, handed only to the allowed origin's main frame (bridge.open).
.field private final token:Ljava/lang/String;

.method public constructor <init>(Landroid/app/Activity;Landroid/webkit/WebView;Ljava/lang/String;)V
    .locals 4
    invoke-direct {p0}, Ljava/lang/Object;-><init>()V
    iput-object p1, p0, Ldev/hybridge/shell/ShellBridge;->activity:Landroid/app/Activity;
    iput-object p2, p0, Ldev/hybridge/shell/ShellBridge;->webView:Landroid/webkit/WebView;
    iput-object p3, p0, Ldev/hybridge/shell/ShellBridge;->allowedOrigin:Ljava/lang/String;

    # 128 random bits in hex: not guessable by a page that never received it.
    new-instance v0, Ljava/security/SecureRandom;
    invoke-direct {v0}, Ljava/security/SecureRandom;-><init>()V
    invoke-virtual {v0}, Ljava/security/SecureRandom;->nextLong()J
    move-result-wide v1
    invoke-static {v1, v2}, Ljava/lang/Long;->toHexString(J)Ljava/lang/String;
    move-result-object v3
    invoke-virtual {v0}, Ljava/security/SecureRandom;->nextLong()J
    move-result-wide v1
    invoke-static {v1, v2}, Ljava/lang/Long;->toHexString(J)Ljava/lang/String;
    move-result-object v0
    invoke-virtual {v3, v0}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/ShellBridge;->token:Ljava/lang/String;
    return-void
.end method

# The dev app learns its dev server's origin after the activity started.
.method public setAllowedOrigin(Ljava/lang/String;)V
    .locals 0
    iput-object p1, p0, Ldev/hybridge/shell/ShellBridge;->allowedOrigin:Ljava/lang/String;
    return-void
.end method

# MainActivity hands it to the bridge of the WebView that replaces a crashed one.
.method public getAllowedOrigin()Ljava/lang/String;
    .locals 1
    iget-object v0, p0, Ldev/hybridge/shell/ShellBridge;->allowedOrigin:Ljava/lang/String;
    return-object v0
.end method

# The protocol's version, which the SDK reads to know what it may call. Synchronous and the same
# for every caller: it reveals nothing about the app.
.method public version()I
    .annotation runtime Landroid/webkit/JavascriptInterface;
    .end annotation
    .locals 1
    const/4 v0, 0x1
    return v0
.end method

# A call from the page: handled on the UI thread (where the WebView may be used, and where the
# main frame's URL is read), answered later with the same id.
.method public call(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    .annotation runtime Landroid/webkit/JavascriptInterface;
    .end annotation
    .locals 6
    new-instance v0, Ldev/hybridge/shell/ShellBridgeCall;
    move-object v1, p0
    move-object v2, p1
    move-object v3, p2
    move-object v4, p3
    move-object v5, p4
    invoke-direct/range {v0 .. v5}, Ldev/hybridge/shell/ShellBridgeCall;-><init>(Ldev/hybridge/shell/ShellBridge;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    iget-object v1, p0, Ldev/hybridge/shell/ShellBridge;->activity:Landroid/app/Activity;
    invoke-virtual {v1, v0}, Landroid/app/Activity;->runOnUiThread(Ljava/lang/Runnable;)V
    return-void
.end method

# One call, on the UI thread: the origin check, then the token's, then the function.
.method handle(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    .locals 10

    iget-object v0, p0, Ldev/hybridge/shell/ShellBridge;->webView:Landroid/webkit/WebView;
    invoke-virtual {v0}, Landroid/webkit/WebView;->getUrl()Ljava/lang/String;
    move-result-object v0
    invoke-static {v0}, Ldev/hybridge/shell/ShellBridge;->originOf(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iget-object v1, p0, Ldev/hybridge/shell/ShellBridge;->allowedOrigin:Ljava/lang/String;
    if-eqz v1, :wrong_origin
    invoke-virtual {v1, v0}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v2
    if-eqz v2, :wrong_origin

    const-string v2, "bridge.open"
    invoke-virtual {v2, p3}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v2
    if-eqz v2, :check_token
    new-instance v2, Ljava/lang/StringBuilder;
    const-string v3, "{\"token\":"
    invoke-direct {v2, v3}, Ljava/lang/StringBuilder;-><init>(Ljava/lang/String;)V
    iget-object v3, p0, Ldev/hybridge/shell/ShellBridge;->token:Ljava/lang/String;
    invoke-static {v3}, Lorg/json/JSONObject;->quote(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    invoke-virtual {v2, v3}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    const-string v3, ",\"version\":1}"
    invoke-virtual {v2, v3}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    invoke-virtual {v2}, Ljava/lang/StringBuilder;->toString()Ljava/lang/String;
    move-result-object v2
    invoke-virtual {p0, p2, v2}, Ldev/hybridge/shell/ShellBridge;->reply(Ljava/lang/String;Ljava/lang/String;)V
    return-void

    :check_token
    iget-object v2, p0, Ldev/hybridge/shell/ShellBridge;->token:Ljava/lang/String;
    invoke-virtual {v2, p1}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v2
    if-eqz v2, :wrong_token

    const-string v2, "nav.back"
    invoke-virtual {v2, p3}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v2
    if-eqz v2, :not_back
    # The system back, as the gesture does it: the WebView's history first, then leave.
    iget-object v2, p0, Ldev/hybridge/shell/ShellBridge;->activity:Landroid/app/Activity;
    invoke-virtual {v2}, Landroid/app/Activity;->onBackPressed()V
    const-string v2, "null"
    invoke-virtual {p0, p2, v2}, Ldev/hybridge/shell/ShellBridge;->reply(Ljava/lang/String;Ljava/lang/String;)V
    return-void

    :not_back
    const-string v2, "nav.openPage"
    invoke-virtual {v2, p3}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v2
    if-eqz v2, :not_open_page
    # Only a page of the app: another site would get the native functions' WebView.
    invoke-static {p4}, Ldev/hybridge/shell/ShellBridge;->originOf(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v2
    invoke-virtual {v1, v2}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v2
    if-eqz v2, :other_site
    iget-object v2, p0, Ldev/hybridge/shell/ShellBridge;->webView:Landroid/webkit/WebView;
    invoke-virtual {v2, p4}, Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V
    const-string v2, "null"
    invoke-virtual {p0, p2, v2}, Ldev/hybridge/shell/ShellBridge;->reply(Ljava/lang/String;Ljava/lang/String;)V
    return-void

    :other_site
    const-string v2, "BAD_ARGUMENT"
    const-string v3, "nav.openPage opens pages of the app only: "
    invoke-static {p4}, Ljava/lang/String;->valueOf(Ljava/lang/Object;)Ljava/lang/String;
    move-result-object v4
    invoke-virtual {v3, v4}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    const-string v4, " is not on "
    invoke-virtual {v3, v4}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    invoke-virtual {v3, v1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    invoke-virtual {p0, p2, v2, v3}, Ldev/hybridge/shell/ShellBridge;->replyError(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    return-void

    :not_open_page
    const-string v2, "device.info"
    invoke-virtual {v2, p3}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v2
    if-eqz v2, :not_info
    invoke-direct {p0}, Ldev/hybridge/shell/ShellBridge;->deviceInfo()Ljava/lang/String;
    move-result-object v2
    invoke-virtual {p0, p2, v2}, Ldev/hybridge/shell/ShellBridge;->reply(Ljava/lang/String;Ljava/lang/String;)V
    return-void

    :not_info
    const-string v2, "updates.current"
    invoke-virtual {v2, p3}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v2
    if-eqz v2, :not_current
    invoke-direct {p0}, Ldev/hybridge/shell/ShellBridge;->updates()Ldev/hybridge/shell/ShellUpdates;
    move-result-object v2
    invoke-virtual {v2}, Ldev/hybridge/shell/ShellUpdates;->describe()Ljava/lang/String;
    move-result-object v2
    invoke-virtual {p0, p2, v2}, Ldev/hybridge/shell/ShellBridge;->reply(Ljava/lang/String;Ljava/lang/String;)V
    return-void

    # The SDK's ready once the page has loaded, with the update id it was served from: ends that
    # update's trial (an id other than the one on trial changes nothing).
    :not_current
    const-string v2, "updates.ready"
    invoke-virtual {v2, p3}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v2
    if-eqz v2, :not_ready
    if-eqz p4, :ready_done
    invoke-direct {p0}, Ldev/hybridge/shell/ShellBridge;->updates()Ldev/hybridge/shell/ShellUpdates;
    move-result-object v2
    invoke-virtual {v2, p4}, Ldev/hybridge/shell/ShellUpdates;->ready(Ljava/lang/String;)V
    :ready_done
    const-string v2, "null"
    invoke-virtual {p0, p2, v2}, Ldev/hybridge/shell/ShellBridge;->reply(Ljava/lang/String;Ljava/lang/String;)V
    return-void

    # A downloaded update now rather than at the next cold start: the same switch, its trial, and
    # the start page again (answered first: the page that asked goes away).
    :not_ready
    const-string v2, "updates.reload"
    invoke-virtual {v2, p3}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v2
    if-eqz v2, :not_reload
    const-string v2, "null"
    invoke-virtual {p0, p2, v2}, Ldev/hybridge/shell/ShellBridge;->reply(Ljava/lang/String;Ljava/lang/String;)V
    invoke-direct {p0}, Ldev/hybridge/shell/ShellBridge;->updates()Ldev/hybridge/shell/ShellUpdates;
    move-result-object v2
    invoke-virtual {v2}, Ldev/hybridge/shell/ShellUpdates;->switchToPending()Z
    invoke-virtual {v2}, Ldev/hybridge/shell/ShellUpdates;->startTrial()V
    iget-object v2, p0, Ldev/hybridge/shell/ShellBridge;->activity:Landroid/app/Activity;
    check-cast v2, Ldev/hybridge/shell/MainActivity;
    invoke-virtual {v2}, Ldev/hybridge/shell/MainActivity;->reloadBundle()V
    return-void

    :not_reload
    const-string v2, "auth.logout"
    invoke-virtual {v2, p3}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v2
    if-eqz v2, :unknown
    # Everything the app's pages stored in this WebView: local storage, IndexedDB, the cache and
    # the cookies. The answer waits for the cookies' removal, which finishes later.
    invoke-static {}, Landroid/webkit/WebStorage;->getInstance()Landroid/webkit/WebStorage;
    move-result-object v2
    invoke-virtual {v2}, Landroid/webkit/WebStorage;->deleteAllData()V
    iget-object v2, p0, Ldev/hybridge/shell/ShellBridge;->webView:Landroid/webkit/WebView;
    const/4 v3, 0x1
    invoke-virtual {v2, v3}, Landroid/webkit/WebView;->clearCache(Z)V
    new-instance v4, Ldev/hybridge/shell/ShellBridgeCall;
    move-object v5, p0
    const/4 v6, 0x0
    move-object v7, p2
    move-object v8, p3
    const/4 v9, 0x0
    invoke-direct/range {v4 .. v9}, Ldev/hybridge/shell/ShellBridgeCall;-><init>(Ldev/hybridge/shell/ShellBridge;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    invoke-static {}, Landroid/webkit/CookieManager;->getInstance()Landroid/webkit/CookieManager;
    move-result-object v3
    invoke-virtual {v3, v4}, Landroid/webkit/CookieManager;->removeAllCookies(Landroid/webkit/ValueCallback;)V
    return-void

    :unknown
    const-string v2, "UNKNOWN_METHOD"
    const-string v3, "This app's shell has no native function "
    invoke-static {p3}, Ljava/lang/String;->valueOf(Ljava/lang/Object;)Ljava/lang/String;
    move-result-object v4
    invoke-virtual {v3, v4}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    invoke-virtual {p0, p2, v2, v3}, Ldev/hybridge/shell/ShellBridge;->replyError(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    return-void

    :wrong_token
    const-string v2, "TOKEN"
    const-string v3, "The call did not carry the token that bridge.open gave this page."
    invoke-virtual {p0, p2, v2, v3}, Ldev/hybridge/shell/ShellBridge;->replyError(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    return-void

    # Said to the main frame, whichever page it is: it learns only that it may not call.
    :wrong_origin
    const-string v2, "ORIGIN"
    const-string v3, "Only pages of "
    invoke-static {v1}, Ljava/lang/String;->valueOf(Ljava/lang/Object;)Ljava/lang/String;
    move-result-object v4
    invoke-virtual {v3, v4}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    const-string v4, " may call the app's native functions, not "
    invoke-virtual {v3, v4}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    invoke-static {v0}, Ljava/lang/String;->valueOf(Ljava/lang/Object;)Ljava/lang/String;
    move-result-object v4
    invoke-virtual {v3, v4}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    invoke-virtual {p0, p2, v2, v3}, Ldev/hybridge/shell/ShellBridge;->replyError(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    return-void
.end method

# The activity's ShellUpdates (the bridge only ever lives in MainActivity or the dev app's
# subclass of it).
.method private updates()Ldev/hybridge/shell/ShellUpdates;
    .locals 1
    iget-object v0, p0, Ldev/hybridge/shell/ShellBridge;->activity:Landroid/app/Activity;
    check-cast v0, Ldev/hybridge/shell/MainActivity;
    iget-object v0, v0, Ldev/hybridge/shell/MainActivity;->updates:Ldev/hybridge/shell/ShellUpdates;
    return-object v0
.end method

# device.info's answer: the platform, the app's version (the manifest's, from PackageManager), the
# shell's and the protocol's, and Android's API level.
.method private deviceInfo()Ljava/lang/String;
    .locals 6

    const/4 v0, 0x0
    const/4 v1, 0x0
    iget-object v2, p0, Ldev/hybridge/shell/ShellBridge;->activity:Landroid/app/Activity;
    :try_start
    invoke-virtual {v2}, Landroid/app/Activity;->getPackageManager()Landroid/content/pm/PackageManager;
    move-result-object v3
    invoke-virtual {v2}, Landroid/app/Activity;->getPackageName()Ljava/lang/String;
    move-result-object v4
    const/4 v5, 0x0
    invoke-virtual {v3, v4, v5}, Landroid/content/pm/PackageManager;->getPackageInfo(Ljava/lang/String;I)Landroid/content/pm/PackageInfo;
    move-result-object v3
    iget-object v0, v3, Landroid/content/pm/PackageInfo;->versionName:Ljava/lang/String;
    iget v1, v3, Landroid/content/pm/PackageInfo;->versionCode:I
    :try_end
    .catch Landroid/content/pm/PackageManager$NameNotFoundException; {:try_start .. :try_end} :unknown_package
    :unknown_package

    new-instance v2, Ljava/lang/StringBuilder;
    const-string v3, "{\"platform\":\"android\",\"appVersion\":"
    invoke-direct {v2, v3}, Ljava/lang/StringBuilder;-><init>(Ljava/lang/String;)V
    invoke-static {v0}, Lorg/json/JSONObject;->quote(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    invoke-virtual {v2, v3}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    const-string v3, ",\"appBuild\":"
    invoke-virtual {v2, v3}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    invoke-virtual {v2, v1}, Ljava/lang/StringBuilder;->append(I)Ljava/lang/StringBuilder;
    # The shell's own version: it changes when the native side gains or changes a function.
    const-string v3, ",\"shellVersion\":\"1.1\",\"bridgeVersion\":1,\"androidSdk\":"
    invoke-virtual {v2, v3}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    sget v3, Landroid/os/Build$VERSION;->SDK_INT:I
    invoke-virtual {v2, v3}, Ljava/lang/StringBuilder;->append(I)Ljava/lang/StringBuilder;
    const-string v3, "}"
    invoke-virtual {v2, v3}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    invoke-virtual {v2}, Ljava/lang/StringBuilder;->toString()Ljava/lang/String;
    move-result-object v2
    return-object v2
.end method

# A successful answer; value is JSON. Must run on the UI thread, as evaluateJavascript must.
.method reply(Ljava/lang/String;Ljava/lang/String;)V
    .locals 3
    new-instance v0, Ljava/lang/StringBuilder;
    const-string v1, "{\"id\":"
    invoke-direct {v0, v1}, Ljava/lang/StringBuilder;-><init>(Ljava/lang/String;)V
    invoke-static {p1}, Lorg/json/JSONObject;->quote(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v0, v1}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    const-string v1, ",\"ok\":true,\"value\":"
    invoke-virtual {v0, v1}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    invoke-virtual {v0, p2}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    const-string v1, "}"
    invoke-virtual {v0, v1}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    invoke-virtual {v0}, Ljava/lang/StringBuilder;->toString()Ljava/lang/String;
    move-result-object v0
    invoke-direct {p0, v0}, Ldev/hybridge/shell/ShellBridge;->deliver(Ljava/lang/String;)V
    return-void
.end method

# A refusal or failure, with a code the SDK turns into a HybridgeError and a message saying why.
.method replyError(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    .locals 3
    new-instance v0, Ljava/lang/StringBuilder;
    const-string v1, "{\"id\":"
    invoke-direct {v0, v1}, Ljava/lang/StringBuilder;-><init>(Ljava/lang/String;)V
    invoke-static {p1}, Lorg/json/JSONObject;->quote(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v0, v1}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    const-string v1, ",\"ok\":false,\"code\":"
    invoke-virtual {v0, v1}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    invoke-static {p2}, Lorg/json/JSONObject;->quote(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v0, v1}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    const-string v1, ",\"message\":"
    invoke-virtual {v0, v1}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    invoke-static {p3}, Lorg/json/JSONObject;->quote(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v0, v1}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    const-string v1, "}"
    invoke-virtual {v0, v1}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    invoke-virtual {v0}, Ljava/lang/StringBuilder;->toString()Ljava/lang/String;
    move-result-object v0
    invoke-direct {p0, v0}, Ldev/hybridge/shell/ShellBridge;->deliver(Ljava/lang/String;)V
    return-void
.end method

# Into the main frame only; a page without the SDK's receiver ignores it.
.method private deliver(Ljava/lang/String;)V
    .locals 3
    const-string v0, "window.__hybridgeReceive&&window.__hybridgeReceive("
    invoke-virtual {v0, p1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    const-string v1, ")"
    invoke-virtual {v0, v1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iget-object v1, p0, Ldev/hybridge/shell/ShellBridge;->webView:Landroid/webkit/WebView;
    const/4 v2, 0x0
    invoke-virtual {v1, v0, v2}, Landroid/webkit/WebView;->evaluateJavascript(Ljava/lang/String;Landroid/webkit/ValueCallback;)V
    return-void
.end method

# scheme://authority of a URL (https://localhost, http://192.168.1.20:5173), or null when it has
# none (about:blank, data:, a null URL). A user-info part stays in the authority, so such a URL
# never equals an origin.
.method static originOf(Ljava/lang/String;)Ljava/lang/String;
    .locals 3
    const/4 v0, 0x0
    if-eqz p0, :none
    invoke-static {p0}, Landroid/net/Uri;->parse(Ljava/lang/String;)Landroid/net/Uri;
    move-result-object v1
    invoke-virtual {v1}, Landroid/net/Uri;->getScheme()Ljava/lang/String;
    move-result-object v2
    if-eqz v2, :none
    invoke-virtual {v1}, Landroid/net/Uri;->getAuthority()Ljava/lang/String;
    move-result-object v1
    if-eqz v1, :none
    const-string v0, "://"
    invoke-virtual {v2, v0}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    invoke-virtual {v0, v1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    :none
    return-object v0
.end method
