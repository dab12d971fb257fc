# The app's only screen: a WebView showing the web bundle packed in the APK's assets.
# It is the same for every app (per-app values live in the manifest and the resources, which
# aapt compiles per build), so classes.dex is assembled once and reused.
# It owns the WebView's life: its setup, the activity's lifecycle, a crashed renderer's
# replacement, and the results the system hands back to the chrome client (files, permissions).
# The dev app's DevActivity extends it through the protected hooks (createWebViewClient,
# appOrigin, loadStart); the fields are protected for the same reason.
.class public Ldev/hybridge/shell/MainActivity;
.super Landroid/app/Activity;
.source "MainActivity.smali"

.field protected webView:Landroid/webkit/WebView;

# The page's native functions (HybridgeNative); it outlives a crashed renderer's WebView, so
# that an origin a subclass set on it stays.
.field protected bridge:Ldev/hybridge/shell/ShellBridge;

# Over-the-air updates (decision 052): which bundle the WebView serves, the check after the first
# load, the trial of a new update.
.field protected updates:Ldev/hybridge/shell/ShellUpdates;

# The current WebView's: the system's answers (picked files, permissions) go to it.
.field private chromeClient:Ldev/hybridge/shell/ShellChromeClient;

.method public constructor <init>()V
    .locals 0
    invoke-direct {p0}, Landroid/app/Activity;-><init>()V
    return-void
.end method

# The status bar's colour is not set here: the theme (res/values/styles.xml) carries it, so
# it is right from the first frame.
# Before the first load, the cold start's update step (a downloaded update takes over, one that
# never reported ready goes back): only files on the disk, no network; the page then loads from
# the bundle that step chose, and a new update's 10 s of trial start.
.method protected onCreate(Landroid/os/Bundle;)V
    .locals 1
    invoke-super {p0, p1}, Landroid/app/Activity;->onCreate(Landroid/os/Bundle;)V
    invoke-static {p0, p1}, Ldev/hybridge/shell/ShellUpdates;->forActivity(Landroid/app/Activity;Landroid/os/Bundle;)Ldev/hybridge/shell/ShellUpdates;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/MainActivity;->updates:Ldev/hybridge/shell/ShellUpdates;
    invoke-direct {p0}, Ldev/hybridge/shell/MainActivity;->setUpWebView()V
    invoke-virtual {p0, p1}, Ldev/hybridge/shell/MainActivity;->loadStart(Landroid/os/Bundle;)V
    invoke-virtual {v0}, Ldev/hybridge/shell/ShellUpdates;->startTrial()V
    return-void
.end method

# A page finished loading (ShellWebViewClient.onPageFinished): the first time in this process, the
# update check starts in the background (ShellUpdates runs it once), after the launch's own work.
.method public onPageLoaded()V
    .locals 1
    iget-object v0, p0, Ldev/hybridge/shell/MainActivity;->updates:Ldev/hybridge/shell/ShellUpdates;
    if-eqz v0, :none
    invoke-virtual {v0}, Ldev/hybridge/shell/ShellUpdates;->checkInBackground()V
    :none
    return-void
.end method

# The bundle to serve changed (an update rolled back, or applied by updates.reload): the start
# page again (loadStart: the app's, from the new bundle, same origin, so the page's storage stays;
# in the dev app, its own start).
.method public reloadBundle()V
    .locals 1
    const/4 v0, 0x0
    invoke-virtual {p0, v0}, Ldev/hybridge/shell/MainActivity;->loadStart(Landroid/os/Bundle;)V
    return-void
.end method

# One WebView with everything it needs, shown as the activity's content: the same steps at the
# start and after a renderer crash, so that the replacement behaves like the first.
.method private setUpWebView()V
    .locals 4

    new-instance v0, Landroid/webkit/WebView;
    invoke-direct {v0, p0}, Landroid/webkit/WebView;-><init>(Landroid/content/Context;)V
    iput-object v0, p0, Ldev/hybridge/shell/MainActivity;->webView:Landroid/webkit/WebView;

    invoke-virtual {v0}, Landroid/webkit/WebView;->getSettings()Landroid/webkit/WebSettings;
    move-result-object v1
    const/4 v2, 0x1
    invoke-virtual {v1, v2}, Landroid/webkit/WebSettings;->setJavaScriptEnabled(Z)V
    invoke-virtual {v1, v2}, Landroid/webkit/WebSettings;->setDomStorageEnabled(Z)V
    # The bundle comes from https://localhost (ShellWebViewClient), not from files: the page may
    # open neither the phone's files nor content providers' (file URLs' own access stays off).
    const/4 v2, 0x0
    invoke-virtual {v1, v2}, Landroid/webkit/WebSettings;->setAllowFileAccess(Z)V
    invoke-virtual {v1, v2}, Landroid/webkit/WebSettings;->setAllowContentAccess(Z)V
    # A development build's https://localhost page calls its http:// server (decision 058):
    # MIXED_CONTENT_ALWAYS_ALLOW (0); ShellWebViewClient refuses every other http:// request.
    # Other builds keep the default, MIXED_CONTENT_NEVER_ALLOW.
    iget-object v2, p0, Ldev/hybridge/shell/MainActivity;->updates:Ldev/hybridge/shell/ShellUpdates;
    if-eqz v2, :no_mixed_content
    invoke-virtual {v2}, Ldev/hybridge/shell/ShellUpdates;->isDevelopment()Z
    move-result v2
    if-eqz v2, :no_mixed_content
    const/4 v2, 0x0
    invoke-virtual {v1, v2}, Landroid/webkit/WebSettings;->setMixedContentMode(I)V
    :no_mixed_content

    invoke-virtual {p0}, Ldev/hybridge/shell/MainActivity;->createWebViewClient()Landroid/webkit/WebViewClient;
    move-result-object v1
    invoke-virtual {v0, v1}, Landroid/webkit/WebView;->setWebViewClient(Landroid/webkit/WebViewClient;)V

    # Dialogs, file inputs, camera, microphone and location (without a chrome client a WebView
    # drops alert() and never answers a file input).
    new-instance v1, Ldev/hybridge/shell/ShellChromeClient;
    invoke-direct {v1, p0}, Ldev/hybridge/shell/ShellChromeClient;-><init>(Landroid/app/Activity;)V
    iput-object v1, p0, Ldev/hybridge/shell/MainActivity;->chromeClient:Ldev/hybridge/shell/ShellChromeClient;
    invoke-virtual {v0, v1}, Landroid/webkit/WebView;->setWebChromeClient(Landroid/webkit/WebChromeClient;)V

    # The bridge answers the origin it had before a crash (a subclass may have changed it), or
    # the app's at the start.
    iget-object v1, p0, Ldev/hybridge/shell/MainActivity;->bridge:Ldev/hybridge/shell/ShellBridge;
    if-eqz v1, :first_bridge
    invoke-virtual {v1}, Ldev/hybridge/shell/ShellBridge;->getAllowedOrigin()Ljava/lang/String;
    move-result-object v2
    goto :new_bridge
    :first_bridge
    invoke-virtual {p0}, Ldev/hybridge/shell/MainActivity;->appOrigin()Ljava/lang/String;
    move-result-object v2
    :new_bridge
    new-instance v1, Ldev/hybridge/shell/ShellBridge;
    invoke-direct {v1, p0, v0, v2}, Ldev/hybridge/shell/ShellBridge;-><init>(Landroid/app/Activity;Landroid/webkit/WebView;Ljava/lang/String;)V
    iput-object v1, p0, Ldev/hybridge/shell/MainActivity;->bridge:Ldev/hybridge/shell/ShellBridge;
    # In every frame of every page, as any JavaScript interface is: the bridge itself checks
    # who calls (docs/bridge.md).
    const-string v2, "HybridgeNative"
    invoke-virtual {v0, v1, v2}, Landroid/webkit/WebView;->addJavascriptInterface(Ljava/lang/Object;Ljava/lang/String;)V

    # <a download> and attachments (the data API's PDFs) go to the system's downloads.
    new-instance v1, Ldev/hybridge/shell/ShellDownloadListener;
    invoke-direct {v1, p0}, Ldev/hybridge/shell/ShellDownloadListener;-><init>(Landroid/app/Activity;)V
    invoke-virtual {v0, v1}, Landroid/webkit/WebView;->setDownloadListener(Landroid/webkit/DownloadListener;)V

    invoke-virtual {p0, v0}, Ldev/hybridge/shell/MainActivity;->setContentView(Landroid/view/View;)V
    return-void
.end method

# The client that answers the WebView's requests and decides which links stay in it: the
# bundle's (ShellWebViewClient), from the APK or from the update ShellUpdates names. The dev app
# returns its own, which knows the dev server.
.method protected createWebViewClient()Landroid/webkit/WebViewClient;
    .locals 3
    invoke-virtual {p0}, Ldev/hybridge/shell/MainActivity;->getAssets()Landroid/content/res/AssetManager;
    move-result-object v0
    iget-object v2, p0, Ldev/hybridge/shell/MainActivity;->updates:Ldev/hybridge/shell/ShellUpdates;
    new-instance v1, Ldev/hybridge/shell/ShellWebViewClient;
    invoke-direct {v1, v0, v2}, Ldev/hybridge/shell/ShellWebViewClient;-><init>(Landroid/content/res/AssetManager;Ldev/hybridge/shell/ShellUpdates;)V
    return-object v1
.end method

# The origin whose pages may call the native functions: the bundle's, which ShellWebViewClient
# serves. The dev app answers the dev server's.
.method protected appOrigin()Ljava/lang/String;
    .locals 1
    const-string v0, "https://localhost"
    return-object v0
.end method

# What the WebView shows first: after the system reclaimed the app, the page (and history) it
# showed; otherwise, and after a renderer crash (saved is null), the app's start page.
.method protected loadStart(Landroid/os/Bundle;)V
    .locals 2
    iget-object v0, p0, Ldev/hybridge/shell/MainActivity;->webView:Landroid/webkit/WebView;

    if-eqz p1, :load_bundle
    invoke-virtual {v0, p1}, Landroid/webkit/WebView;->restoreState(Landroid/os/Bundle;)Landroid/webkit/WebBackForwardList;
    move-result-object v1
    if-nez v1, :done

    :load_bundle
    # The app's origin, which ShellWebViewClient answers from the bundle: this is www/index.html.
    const-string v1, "https://localhost/"
    invoke-virtual {v0, v1}, Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V

    :done
    return-void
.end method

# The WebView's renderer crashed or the system killed it for memory (ShellWebViewClient's
# onRenderProcessGone calls this and returns true): the dead view may not be used again, so a
# new one, set up the same way, takes its place at the start page instead of the app closing.
.method public onRendererGone(Landroid/webkit/WebView;)V
    .locals 1
    # A late second report for a view already replaced changes nothing.
    iget-object v0, p0, Ldev/hybridge/shell/MainActivity;->webView:Landroid/webkit/WebView;
    if-ne p1, v0, :old_view
    invoke-direct {p0}, Ldev/hybridge/shell/MainActivity;->setUpWebView()V
    const/4 v0, 0x0
    invoke-virtual {p0, v0}, Ldev/hybridge/shell/MainActivity;->loadStart(Landroid/os/Bundle;)V
    # setContentView took the dead view out of the window; its resources go now.
    :old_view
    invoke-virtual {p1}, Landroid/webkit/WebView;->destroy()V
    return-void
.end method

.method protected onSaveInstanceState(Landroid/os/Bundle;)V
    .locals 1
    invoke-super {p0, p1}, Landroid/app/Activity;->onSaveInstanceState(Landroid/os/Bundle;)V
    iget-object v0, p0, Ldev/hybridge/shell/MainActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v0, p1}, Landroid/webkit/WebView;->saveState(Landroid/os/Bundle;)Landroid/webkit/WebBackForwardList;
    return-void
.end method

# The system back gesture walks back through the web app's history before it leaves the app.
.method public onBackPressed()V
    .locals 2
    iget-object v0, p0, Ldev/hybridge/shell/MainActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v0}, Landroid/webkit/WebView;->canGoBack()Z
    move-result v1
    if-eqz v1, :leave
    invoke-virtual {v0}, Landroid/webkit/WebView;->goBack()V
    return-void

    :leave
    invoke-super {p0}, Landroid/app/Activity;->onBackPressed()V
    return-void
.end method

# A web app in the background stops: animations and media (onPause), and its JavaScript timers,
# intervals and their network polls (pauseTimers, which holds for every WebView of the process).
.method protected onPause()V
    .locals 1
    iget-object v0, p0, Ldev/hybridge/shell/MainActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v0}, Landroid/webkit/WebView;->onPause()V
    invoke-virtual {v0}, Landroid/webkit/WebView;->pauseTimers()V
    invoke-super {p0}, Landroid/app/Activity;->onPause()V
    return-void
.end method

.method protected onResume()V
    .locals 1
    invoke-super {p0}, Landroid/app/Activity;->onResume()V
    iget-object v0, p0, Ldev/hybridge/shell/MainActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v0}, Landroid/webkit/WebView;->resumeTimers()V
    invoke-virtual {v0}, Landroid/webkit/WebView;->onResume()V
    return-void
.end method

# The file picker's result goes to the chrome client that opened it.
.method protected onActivityResult(IILandroid/content/Intent;)V
    .locals 1
    iget-object v0, p0, Ldev/hybridge/shell/MainActivity;->chromeClient:Ldev/hybridge/shell/ShellChromeClient;
    invoke-virtual {v0, p1, p2, p3}, Ldev/hybridge/shell/ShellChromeClient;->onActivityResult(IILandroid/content/Intent;)Z
    move-result v0
    if-nez v0, :handled
    invoke-super {p0, p1, p2, p3}, Landroid/app/Activity;->onActivityResult(IILandroid/content/Intent;)V
    :handled
    return-void
.end method

# The user's answer to a permission the page needed (camera, microphone, location).
.method public onRequestPermissionsResult(I[Ljava/lang/String;[I)V
    .locals 1
    invoke-super {p0, p1, p2, p3}, Landroid/app/Activity;->onRequestPermissionsResult(I[Ljava/lang/String;[I)V
    iget-object v0, p0, Ldev/hybridge/shell/MainActivity;->chromeClient:Ldev/hybridge/shell/ShellChromeClient;
    invoke-virtual {v0, p1, p2, p3}, Ldev/hybridge/shell/ShellChromeClient;->onRequestPermissionsResult(I[Ljava/lang/String;[I)V
    return-void
.end method

.method protected onDestroy()V
    .locals 1
    iget-object v0, p0, Ldev/hybridge/shell/MainActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v0}, Landroid/webkit/WebView;->destroy()V
    invoke-super {p0}, Landroid/app/Activity;->onDestroy()V
    return-void
.end method
