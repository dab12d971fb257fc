# The app's only screen: a WebView showing the web bundle packed in the APK's assets.
# It is the same for every app (per-app values live in the manifest and the resources, which
# aapt compiles per build), so classes.dex is assembled once and reused.
.class public Ldev/hybridge/shell/MainActivity;
.super Landroid/app/Activity;
.source "MainActivity.smali"

.field private webView:Landroid/webkit/WebView;

.method public constructor <init>()V
    .locals 0
    invoke-direct {p0}, Landroid/app/Activity;-><init>()V
    return-void
.end method

# The status bar's colour is not set here: the theme (res/values/styles.xml) carries it, so
# it is right from the first frame.
.method protected onCreate(Landroid/os/Bundle;)V
    .locals 3

    invoke-super {p0, p1}, Landroid/app/Activity;->onCreate(Landroid/os/Bundle;)V

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

    invoke-virtual {p0}, Ldev/hybridge/shell/MainActivity;->getAssets()Landroid/content/res/AssetManager;
    move-result-object v1
    new-instance v2, Ldev/hybridge/shell/ShellWebViewClient;
    invoke-direct {v2, v1}, Ldev/hybridge/shell/ShellWebViewClient;-><init>(Landroid/content/res/AssetManager;)V
    invoke-virtual {v0, v2}, Landroid/webkit/WebView;->setWebViewClient(Landroid/webkit/WebViewClient;)V

    # Without a chrome client a WebView drops alert(), confirm() and prompt() silently.
    new-instance v1, Landroid/webkit/WebChromeClient;
    invoke-direct {v1}, Landroid/webkit/WebChromeClient;-><init>()V
    invoke-virtual {v0, v1}, Landroid/webkit/WebView;->setWebChromeClient(Landroid/webkit/WebChromeClient;)V

    invoke-virtual {p0, v0}, Ldev/hybridge/shell/MainActivity;->setContentView(Landroid/view/View;)V

    # Recreated after the system reclaimed the app: come back to the page (and history) it showed.
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

# Timers, animations and media of a web app in the background stop with the activity.
.method protected onPause()V
    .locals 1
    iget-object v0, p0, Ldev/hybridge/shell/MainActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v0}, Landroid/webkit/WebView;->onPause()V
    invoke-super {p0}, Landroid/app/Activity;->onPause()V
    return-void
.end method

.method protected onResume()V
    .locals 1
    invoke-super {p0}, Landroid/app/Activity;->onResume()V
    iget-object v0, p0, Ldev/hybridge/shell/MainActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v0}, Landroid/webkit/WebView;->onResume()V
    return-void
.end method

.method protected onDestroy()V
    .locals 1
    iget-object v0, p0, Ldev/hybridge/shell/MainActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v0}, Landroid/webkit/WebView;->destroy()V
    invoke-super {p0}, Landroid/app/Activity;->onDestroy()V
    return-void
.end method
