# Hybridge Dev's screen: the shell's MainActivity (the same WebView, bridge, lifecycle, renderer
# recovery) showing a developer's dev server. It owns the dev link: a scanned link
# ({PUBLIC_URL}/dev/{appKey}?url=…, hybridge-dev://open?server=…&app=…&url=…, or the start
# screen's https://localhost/open?…) is parsed, its dev server address checked (DevUrls), the
# project's settings read from the Hybridge server (DevLinkFetch), and the dev server loaded with
# the status bar colour applied and the navigation bar type passed to the page; the project is
# remembered (DevProjects). A preview link (?update={id}, issue 27, decision 057) opens one of
# the project's over-the-air updates instead: downloaded and verified (DevLinkFetch, with
# ShellUpdates' code) into files/hybridge-previews/<id>/ and served on https://localhost.
# Only the dev app's manifest declares it; built apps carry it unused.
.class public Ldev/hybridge/shell/DevActivity;
.super Ldev/hybridge/shell/MainActivity;
.source "DevActivity.smali"

# The client of the current WebView (a new one after a renderer crash).
.field private devClient:Ldev/hybridge/shell/DevWebViewClient;

# The open project, null on the start screen: the server its link named, its app key, the dev
# server's URL (the server's normalised one), that URL's origin, and the URL loaded (with the
# navigation bar type), which a new WebView reloads after a renderer crash.
.field private server:Ljava/lang/String;
.field private appKey:Ljava/lang/String;
.field private devUrl:Ljava/lang/String;
.field private devOrigin:Ljava/lang/String;
.field private shownUrl:Ljava/lang/String;
# Its status bar colour, which a recreated activity's new window takes again.
.field private statusBar:Ljava/lang/String;

# The open preview's folder (files/hybridge-previews/<id>/), null when none is open: the client
# serves https://localhost from it.
.field private previewRoot:Ljava/io/File;

# The dev-link request in flight: the answer of an older one (a second link scanned meanwhile)
# is dropped.
.field private pending:Ldev/hybridge/shell/DevLinkFetch;

# Whether the intent that started the activity was opened: not again after a renderer crash or
# when the system recreates the activity.
.field private linkHandled:Z

# Set by onDestroy: an answer that arrives later has no WebView to load into.
.field private destroyed:Z

.method public constructor <init>()V
    .locals 0
    invoke-direct {p0}, Ldev/hybridge/shell/MainActivity;-><init>()V
    return-void
.end method

# The dev app's client (DevWebViewClient), told the open project's origin when it replaces the
# client of a crashed renderer's WebView.
.method protected createWebViewClient()Landroid/webkit/WebViewClient;
    .locals 2
    new-instance v0, Ldev/hybridge/shell/DevWebViewClient;
    invoke-virtual {p0}, Ldev/hybridge/shell/DevActivity;->getAssets()Landroid/content/res/AssetManager;
    move-result-object v1
    invoke-direct {v0, v1, p0}, Ldev/hybridge/shell/DevWebViewClient;-><init>(Landroid/content/res/AssetManager;Ldev/hybridge/shell/DevActivity;)V
    iput-object v0, p0, Ldev/hybridge/shell/DevActivity;->devClient:Ldev/hybridge/shell/DevWebViewClient;
    iget-object v1, p0, Ldev/hybridge/shell/DevActivity;->devOrigin:Ljava/lang/String;
    invoke-virtual {v0, v1}, Ldev/hybridge/shell/DevWebViewClient;->setDevOrigin(Ljava/lang/String;)V
    iget-object v1, p0, Ldev/hybridge/shell/DevActivity;->previewRoot:Ljava/io/File;
    invoke-virtual {v0, v1}, Ldev/hybridge/shell/DevWebViewClient;->setPreviewRoot(Ljava/io/File;)V
    return-object v0
.end method

# What the WebView shows first:
# - recreated by the system (saved): the open project comes back with the page and history,
#   its origin and its status bar colour;
# - a new WebView after a renderer crash with a project open: that project's page again;
# - otherwise the start screen, then the link the activity was started with, if any.
.method protected loadStart(Landroid/os/Bundle;)V
    .locals 3
    if-eqz p1, :fresh
    const/4 v0, 0x1
    iput-boolean v0, p0, Ldev/hybridge/shell/DevActivity;->linkHandled:Z
    const-string v0, "hybridge.dev.server"
    invoke-virtual {p1, v0}, Landroid/os/Bundle;->getString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/DevActivity;->server:Ljava/lang/String;
    const-string v0, "hybridge.dev.appKey"
    invoke-virtual {p1, v0}, Landroid/os/Bundle;->getString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/DevActivity;->appKey:Ljava/lang/String;
    const-string v0, "hybridge.dev.devUrl"
    invoke-virtual {p1, v0}, Landroid/os/Bundle;->getString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/DevActivity;->devUrl:Ljava/lang/String;
    const-string v0, "hybridge.dev.shownUrl"
    invoke-virtual {p1, v0}, Landroid/os/Bundle;->getString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/DevActivity;->shownUrl:Ljava/lang/String;
    const-string v0, "hybridge.dev.statusBar"
    invoke-virtual {p1, v0}, Landroid/os/Bundle;->getString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/DevActivity;->statusBar:Ljava/lang/String;
    invoke-direct {p0, v0}, Ldev/hybridge/shell/DevActivity;->applyStatusBar(Ljava/lang/String;)V
    const-string v0, "hybridge.dev.origin"
    invoke-virtual {p1, v0}, Landroid/os/Bundle;->getString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    if-eqz v0, :restore_preview
    invoke-direct {p0, v0}, Ldev/hybridge/shell/DevActivity;->useOrigin(Ljava/lang/String;)V
    :restore_preview
    const-string v0, "hybridge.dev.preview"
    invoke-virtual {p1, v0}, Landroid/os/Bundle;->getString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    if-eqz v0, :restore_page
    new-instance v1, Ljava/io/File;
    invoke-direct {p0}, Ldev/hybridge/shell/DevActivity;->previewsDir()Ljava/io/File;
    move-result-object v2
    invoke-direct {v1, v2, v0}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    invoke-direct {p0, v1}, Ldev/hybridge/shell/DevActivity;->usePreview(Ljava/io/File;)V
    :restore_page
    invoke-super {p0, p1}, Ldev/hybridge/shell/MainActivity;->loadStart(Landroid/os/Bundle;)V
    return-void

    :fresh
    iget-object v0, p0, Ldev/hybridge/shell/DevActivity;->shownUrl:Ljava/lang/String;
    if-eqz v0, :start_screen
    iget-object v1, p0, Ldev/hybridge/shell/DevActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v1, v0}, Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V
    return-void

    :start_screen
    invoke-super {p0, p1}, Ldev/hybridge/shell/MainActivity;->loadStart(Landroid/os/Bundle;)V
    iget-boolean v0, p0, Ldev/hybridge/shell/DevActivity;->linkHandled:Z
    if-nez v0, :done
    const/4 v0, 0x1
    iput-boolean v0, p0, Ldev/hybridge/shell/DevActivity;->linkHandled:Z
    invoke-virtual {p0}, Ldev/hybridge/shell/DevActivity;->getIntent()Landroid/content/Intent;
    move-result-object v0
    if-eqz v0, :done
    invoke-virtual {v0}, Landroid/content/Intent;->getData()Landroid/net/Uri;
    move-result-object v0
    if-eqz v0, :done
    invoke-virtual {p0, v0}, Ldev/hybridge/shell/DevActivity;->openLink(Landroid/net/Uri;)V
    :done
    return-void
.end method

# Activity.isDestroyed as a field of our own, so that devLinkAnswered needs no framework call.
.method protected onDestroy()V
    .locals 1
    const/4 v0, 0x1
    iput-boolean v0, p0, Ldev/hybridge/shell/DevActivity;->destroyed:Z
    invoke-super {p0}, Ldev/hybridge/shell/MainActivity;->onDestroy()V
    return-void
.end method

# A link opened while the app is on screen (singleTop): it replaces the project shown. The
# launcher's intent has no link and changes nothing.
.method protected onNewIntent(Landroid/content/Intent;)V
    .locals 1
    invoke-super {p0, p1}, Ldev/hybridge/shell/MainActivity;->onNewIntent(Landroid/content/Intent;)V
    invoke-virtual {p0, p1}, Ldev/hybridge/shell/DevActivity;->setIntent(Landroid/content/Intent;)V
    invoke-virtual {p1}, Landroid/content/Intent;->getData()Landroid/net/Uri;
    move-result-object v0
    if-eqz v0, :done
    invoke-virtual {p0, v0}, Ldev/hybridge/shell/DevActivity;->openLink(Landroid/net/Uri;)V
    :done
    return-void
.end method

# The open project outlives the activity's recreation with the WebView's page (MainActivity saves
# that).
.method protected onSaveInstanceState(Landroid/os/Bundle;)V
    .locals 3
    invoke-super {p0, p1}, Ldev/hybridge/shell/MainActivity;->onSaveInstanceState(Landroid/os/Bundle;)V
    const-string v0, "hybridge.dev.server"
    iget-object v1, p0, Ldev/hybridge/shell/DevActivity;->server:Ljava/lang/String;
    invoke-virtual {p1, v0, v1}, Landroid/os/Bundle;->putString(Ljava/lang/String;Ljava/lang/String;)V
    const-string v0, "hybridge.dev.appKey"
    iget-object v1, p0, Ldev/hybridge/shell/DevActivity;->appKey:Ljava/lang/String;
    invoke-virtual {p1, v0, v1}, Landroid/os/Bundle;->putString(Ljava/lang/String;Ljava/lang/String;)V
    const-string v0, "hybridge.dev.devUrl"
    iget-object v1, p0, Ldev/hybridge/shell/DevActivity;->devUrl:Ljava/lang/String;
    invoke-virtual {p1, v0, v1}, Landroid/os/Bundle;->putString(Ljava/lang/String;Ljava/lang/String;)V
    const-string v0, "hybridge.dev.shownUrl"
    iget-object v1, p0, Ldev/hybridge/shell/DevActivity;->shownUrl:Ljava/lang/String;
    invoke-virtual {p1, v0, v1}, Landroid/os/Bundle;->putString(Ljava/lang/String;Ljava/lang/String;)V
    const-string v0, "hybridge.dev.statusBar"
    iget-object v1, p0, Ldev/hybridge/shell/DevActivity;->statusBar:Ljava/lang/String;
    invoke-virtual {p1, v0, v1}, Landroid/os/Bundle;->putString(Ljava/lang/String;Ljava/lang/String;)V
    const-string v0, "hybridge.dev.origin"
    iget-object v1, p0, Ldev/hybridge/shell/DevActivity;->devOrigin:Ljava/lang/String;
    invoke-virtual {p1, v0, v1}, Landroid/os/Bundle;->putString(Ljava/lang/String;Ljava/lang/String;)V
    # The open preview by its id (its folder's name).
    const-string v0, "hybridge.dev.preview"
    const/4 v1, 0x0
    iget-object v2, p0, Ldev/hybridge/shell/DevActivity;->previewRoot:Ljava/io/File;
    if-eqz v2, :put_preview
    invoke-virtual {v2}, Ljava/io/File;->getName()Ljava/lang/String;
    move-result-object v1
    :put_preview
    invoke-virtual {p1, v0, v1}, Landroid/os/Bundle;->putString(Ljava/lang/String;Ljava/lang/String;)V
    return-void
.end method

# Opens a project from its link (the contract of issue 26):
# - hybridge-dev://open?server=…&app=…&url=… and the start screen's https://localhost/open?…;
# - {server}/dev/{appKey}?url=… (the App Link; the server is the link's origin and any path
#   before /dev/).
# A dev server address that is not private is refused at once (refused.html); a link without a
# server, an app key or an address shows the start screen. Otherwise the server is asked on a
# thread of its own (DevLinkFetch), and devLinkAnswered carries on. On the UI thread.
.method public openLink(Landroid/net/Uri;)V
    .locals 7
    invoke-virtual {p1}, Landroid/net/Uri;->getScheme()Ljava/lang/String;
    move-result-object v0
    if-eqz v0, :invalid
    sget-object v1, Ljava/util/Locale;->ROOT:Ljava/util/Locale;
    invoke-virtual {v0, v1}, Ljava/lang/String;->toLowerCase(Ljava/util/Locale;)Ljava/lang/String;
    move-result-object v0

    const-string v1, "hybridge-dev"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    if-nez v1, :query_link

    const-string v1, "https"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    if-eqz v1, :not_own_page
    const-string v1, "localhost"
    invoke-virtual {p1}, Landroid/net/Uri;->getAuthority()Ljava/lang/String;
    move-result-object v2
    invoke-virtual {v1, v2}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    if-eqz v1, :app_link
    const-string v1, "/open"
    invoke-virtual {p1}, Landroid/net/Uri;->getPath()Ljava/lang/String;
    move-result-object v2
    invoke-virtual {v1, v2}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    if-nez v1, :query_link
    goto :invalid

    :not_own_page
    const-string v1, "http"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    if-nez v1, :app_link
    return-void

    # v1: server, v2: app key, v3: dev server URL.
    :query_link
    const-string v1, "server"
    invoke-virtual {p1, v1}, Landroid/net/Uri;->getQueryParameter(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    const-string v2, "app"
    invoke-virtual {p1, v2}, Landroid/net/Uri;->getQueryParameter(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v2
    const-string v3, "url"
    invoke-virtual {p1, v3}, Landroid/net/Uri;->getQueryParameter(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    goto :check

    :app_link
    invoke-virtual {p1}, Landroid/net/Uri;->getPath()Ljava/lang/String;
    move-result-object v4
    if-eqz v4, :invalid
    const-string v5, "/dev/"
    invoke-virtual {v4, v5}, Ljava/lang/String;->lastIndexOf(Ljava/lang/String;)I
    move-result v5
    if-ltz v5, :invalid
    # The app key: the segment after /dev/ (one final / allowed).
    add-int/lit8 v6, v5, 0x5
    invoke-virtual {v4, v6}, Ljava/lang/String;->substring(I)Ljava/lang/String;
    move-result-object v2
    const-string v6, "/"
    invoke-virtual {v2, v6}, Ljava/lang/String;->endsWith(Ljava/lang/String;)Z
    move-result v6
    if-eqz v6, :key_read
    invoke-virtual {v2}, Ljava/lang/String;->length()I
    move-result v6
    add-int/lit8 v6, v6, -0x1
    const/4 v1, 0x0
    invoke-virtual {v2, v1, v6}, Ljava/lang/String;->substring(II)Ljava/lang/String;
    move-result-object v2
    :key_read
    const-string v6, "/"
    invoke-virtual {v2, v6}, Ljava/lang/String;->contains(Ljava/lang/CharSequence;)Z
    move-result v6
    if-nez v6, :invalid
    # The server: scheme://authority and the path before /dev/.
    const-string v1, "://"
    invoke-virtual {v0, v1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {p1}, Landroid/net/Uri;->getAuthority()Ljava/lang/String;
    move-result-object v6
    if-eqz v6, :invalid
    invoke-virtual {v1, v6}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    const/4 v6, 0x0
    invoke-virtual {v4, v6, v5}, Ljava/lang/String;->substring(II)Ljava/lang/String;
    move-result-object v6
    invoke-virtual {v1, v6}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    const-string v3, "url"
    invoke-virtual {p1, v3}, Landroid/net/Uri;->getQueryParameter(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3

    # A link with a server and an app key replaces what is open, a preview included. Then either
    # update= (a preview) or url= (a dev server) says what to open.
    :check
    if-eqz v1, :invalid
    if-eqz v2, :invalid
    invoke-virtual {v2}, Ljava/lang/String;->isEmpty()Z
    move-result v4
    if-nez v4, :invalid
    invoke-static {v1}, Ldev/hybridge/shell/DevActivity;->isWebAddress(Ljava/lang/String;)Z
    move-result v4
    if-eqz v4, :invalid
    const/4 v4, 0x0
    invoke-direct {p0, v4}, Ldev/hybridge/shell/DevActivity;->usePreview(Ljava/io/File;)V
    const-string v4, "update"
    invoke-virtual {p1, v4}, Landroid/net/Uri;->getQueryParameter(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v4
    if-nez v4, :preview
    if-eqz v3, :invalid
    invoke-static {v3}, Ldev/hybridge/shell/DevUrls;->isPrivateDevUrl(Ljava/lang/String;)Z
    move-result v5
    if-nez v5, :fetch
    invoke-direct {p0, v3}, Ldev/hybridge/shell/DevActivity;->showRefused(Ljava/lang/String;)V
    return-void

    :fetch
    new-instance v5, Ldev/hybridge/shell/DevLinkFetch;
    invoke-direct {v5, p0, v1, v2, v3}, Ldev/hybridge/shell/DevLinkFetch;-><init>(Ldev/hybridge/shell/DevActivity;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    goto :start_fetch

    # A preview: the loading page while the thread asks the server and downloads the update.
    :preview
    iget-object v5, p0, Ldev/hybridge/shell/DevActivity;->webView:Landroid/webkit/WebView;
    const-string v6, "https://localhost/preview.html"
    invoke-virtual {v5, v6}, Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V
    new-instance v5, Ldev/hybridge/shell/DevLinkFetch;
    const/4 v3, 0x0
    invoke-direct {v5, p0, v1, v2, v3}, Ldev/hybridge/shell/DevLinkFetch;-><init>(Ldev/hybridge/shell/DevActivity;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    invoke-direct {p0}, Ldev/hybridge/shell/DevActivity;->previewsDir()Ljava/io/File;
    move-result-object v6
    invoke-virtual {v5, v4, v6}, Ldev/hybridge/shell/DevLinkFetch;->preview(Ljava/lang/String;Ljava/io/File;)V

    :start_fetch
    iput-object v5, p0, Ldev/hybridge/shell/DevActivity;->pending:Ldev/hybridge/shell/DevLinkFetch;
    new-instance v4, Ljava/lang/Thread;
    const-string v6, "hybridge-dev-link"
    invoke-direct {v4, v5, v6}, Ljava/lang/Thread;-><init>(Ljava/lang/Runnable;Ljava/lang/String;)V
    invoke-virtual {v4}, Ljava/lang/Thread;->start()V
    return-void

    :invalid
    iget-object v0, p0, Ldev/hybridge/shell/DevActivity;->webView:Landroid/webkit/WebView;
    const-string v1, "https://localhost/"
    invoke-virtual {v0, v1}, Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V
    return-void
.end method

# Whether the server a link names is an http(s) address (the dev-link request goes there).
.method private static isWebAddress(Ljava/lang/String;)Z
    .locals 2
    sget-object v0, Ljava/util/Locale;->ROOT:Ljava/util/Locale;
    invoke-virtual {p0, v0}, Ljava/lang/String;->toLowerCase(Ljava/util/Locale;)Ljava/lang/String;
    move-result-object v0
    const-string v1, "https://"
    invoke-virtual {v0, v1}, Ljava/lang/String;->startsWith(Ljava/lang/String;)Z
    move-result v1
    if-nez v1, :yes
    const-string v1, "http://"
    invoke-virtual {v0, v1}, Ljava/lang/String;->startsWith(Ljava/lang/String;)Z
    move-result v1
    return v1
    :yes
    const/4 v1, 0x1
    return v1
.end method

# The server's answer (DevLinkFetch, back on the UI thread). Opened: the dev server's origin
# becomes the app's (links and the bridge), the status bar takes the project's colour, the page
# gets the navigation bar type (?hybridgeNavBar=none|header|footer, decision 050), the project is
# remembered, the dev server loads. Otherwise the page that says why. An answer for an activity
# the system destroyed meanwhile (its WebView is gone) or for a link scanned before the last one
# is dropped.
.method public devLinkAnswered(Ldev/hybridge/shell/DevLinkFetch;)V
    .locals 6
    iget-boolean v0, p0, Ldev/hybridge/shell/DevActivity;->destroyed:Z
    if-nez v0, :dropped
    iget-object v0, p0, Ldev/hybridge/shell/DevActivity;->pending:Ldev/hybridge/shell/DevLinkFetch;
    if-eq v0, p1, :current
    :dropped
    return-void
    :current
    const/4 v0, 0x0
    iput-object v0, p0, Ldev/hybridge/shell/DevActivity;->pending:Ldev/hybridge/shell/DevLinkFetch;
    iget-object v0, p1, Ldev/hybridge/shell/DevLinkFetch;->update:Ljava/lang/String;
    if-eqz v0, :dev_server
    invoke-direct {p0, p1}, Ldev/hybridge/shell/DevActivity;->previewAnswered(Ldev/hybridge/shell/DevLinkFetch;)V
    return-void
    :dev_server

    iget v0, p1, Ldev/hybridge/shell/DevLinkFetch;->outcome:I
    if-eqz v0, :opened
    const/4 v1, 0x1
    if-ne v0, v1, :not_refused
    iget-object v0, p1, Ldev/hybridge/shell/DevLinkFetch;->url:Ljava/lang/String;
    invoke-direct {p0, v0}, Ldev/hybridge/shell/DevActivity;->showRefused(Ljava/lang/String;)V
    return-void

    :not_refused
    # v0: the page; v1 its parameters' names, in turn.
    const/4 v1, 0x2
    if-ne v0, v1, :unreachable
    const-string v0, "https://localhost/unknown.html"
    goto :with_project

    :unreachable
    const-string v0, "https://localhost/unreachable.html?what=server"
    const-string v1, "url"
    iget-object v2, p1, Ldev/hybridge/shell/DevLinkFetch;->tried:Ljava/lang/String;
    invoke-static {v0, v1, v2}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0

    :with_project
    const-string v1, "server"
    iget-object v2, p1, Ldev/hybridge/shell/DevLinkFetch;->server:Ljava/lang/String;
    invoke-static {v0, v1, v2}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    const-string v1, "app"
    iget-object v2, p1, Ldev/hybridge/shell/DevLinkFetch;->appKey:Ljava/lang/String;
    invoke-static {v0, v1, v2}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    const-string v1, "dev"
    iget-object v2, p1, Ldev/hybridge/shell/DevLinkFetch;->url:Ljava/lang/String;
    invoke-static {v0, v1, v2}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iget-object v1, p0, Ldev/hybridge/shell/DevActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v1, v0}, Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V
    return-void

    :opened
    iget-object v0, p1, Ldev/hybridge/shell/DevLinkFetch;->server:Ljava/lang/String;
    iput-object v0, p0, Ldev/hybridge/shell/DevActivity;->server:Ljava/lang/String;
    iget-object v0, p1, Ldev/hybridge/shell/DevLinkFetch;->appKey:Ljava/lang/String;
    iput-object v0, p0, Ldev/hybridge/shell/DevActivity;->appKey:Ljava/lang/String;
    iget-object v0, p1, Ldev/hybridge/shell/DevLinkFetch;->devUrl:Ljava/lang/String;
    iput-object v0, p0, Ldev/hybridge/shell/DevActivity;->devUrl:Ljava/lang/String;

    invoke-static {v0}, Landroid/net/Uri;->parse(Ljava/lang/String;)Landroid/net/Uri;
    move-result-object v1
    invoke-static {v1}, Ldev/hybridge/shell/DevWebViewClient;->originOf(Landroid/net/Uri;)Ljava/lang/String;
    move-result-object v1
    invoke-direct {p0, v1}, Ldev/hybridge/shell/DevActivity;->useOrigin(Ljava/lang/String;)V

    iget-object v1, p1, Ldev/hybridge/shell/DevLinkFetch;->statusBar:Ljava/lang/String;
    iput-object v1, p0, Ldev/hybridge/shell/DevActivity;->statusBar:Ljava/lang/String;
    invoke-direct {p0, v1}, Ldev/hybridge/shell/DevActivity;->applyStatusBar(Ljava/lang/String;)V

    const-string v1, "hybridgeNavBar"
    iget-object v2, p1, Ldev/hybridge/shell/DevLinkFetch;->navBarType:Ljava/lang/String;
    invoke-static {v0, v1, v2}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    iput-object v1, p0, Ldev/hybridge/shell/DevActivity;->shownUrl:Ljava/lang/String;

    iget-object v2, p1, Ldev/hybridge/shell/DevLinkFetch;->appName:Ljava/lang/String;
    iget-object v3, p0, Ldev/hybridge/shell/DevActivity;->appKey:Ljava/lang/String;
    iget-object v4, p0, Ldev/hybridge/shell/DevActivity;->server:Ljava/lang/String;
    invoke-static {p0, v2, v3, v4, v0}, Ldev/hybridge/shell/DevProjects;->remember(Landroid/content/Context;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V

    iget-object v2, p0, Ldev/hybridge/shell/DevActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v2, v1}, Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V
    return-void
.end method

# A preview's answer (UI thread), its update downloaded and verified by then. Opened: its folder
# answers https://localhost (the bridge's origin, as in a built app), with the project's status
# bar colour and navigation bar type. Otherwise preview-failed.html says why: no such update or
# app (the server's 404, or its 400 for a malformed id), the server unreachable (the address
# tried), or the download's failure (a network error, a wrong size, hash or signature, a bad zip).
.method private previewAnswered(Ldev/hybridge/shell/DevLinkFetch;)V
    .locals 4
    iget v0, p1, Ldev/hybridge/shell/DevLinkFetch;->outcome:I
    if-eqz v0, :opened
    const-string v1, "https://localhost/preview-failed.html"
    const/4 v2, 0x3
    if-eq v0, v2, :unreachable
    const/4 v2, 0x4
    if-eq v0, v2, :download_failed
    const-string v2, "what"
    const-string v3, "unknown"
    invoke-static {v1, v2, v3}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    goto :with_server

    :download_failed
    const-string v2, "url"
    iget-object v3, p1, Ldev/hybridge/shell/DevLinkFetch;->failure:Ljava/lang/String;
    invoke-static {v1, v2, v3}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    goto :with_server

    :unreachable
    const-string v2, "what"
    const-string v3, "server"
    invoke-static {v1, v2, v3}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    const-string v2, "url"
    iget-object v3, p1, Ldev/hybridge/shell/DevLinkFetch;->tried:Ljava/lang/String;
    invoke-static {v1, v2, v3}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1

    :with_server
    const-string v2, "server"
    iget-object v3, p1, Ldev/hybridge/shell/DevLinkFetch;->server:Ljava/lang/String;
    invoke-static {v1, v2, v3}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    iget-object v2, p0, Ldev/hybridge/shell/DevActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v2, v1}, Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V
    return-void

    :opened
    iget-object v0, p1, Ldev/hybridge/shell/DevLinkFetch;->server:Ljava/lang/String;
    iput-object v0, p0, Ldev/hybridge/shell/DevActivity;->server:Ljava/lang/String;
    iget-object v0, p1, Ldev/hybridge/shell/DevLinkFetch;->appKey:Ljava/lang/String;
    iput-object v0, p0, Ldev/hybridge/shell/DevActivity;->appKey:Ljava/lang/String;
    const/4 v0, 0x0
    iput-object v0, p0, Ldev/hybridge/shell/DevActivity;->devUrl:Ljava/lang/String;
    new-instance v0, Ljava/io/File;
    iget-object v1, p1, Ldev/hybridge/shell/DevLinkFetch;->previewDir:Ljava/io/File;
    iget-object v2, p1, Ldev/hybridge/shell/DevLinkFetch;->previewId:Ljava/lang/String;
    invoke-direct {v0, v1, v2}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    invoke-direct {p0, v0}, Ldev/hybridge/shell/DevActivity;->usePreview(Ljava/io/File;)V
    const-string v0, "https://localhost"
    invoke-direct {p0, v0}, Ldev/hybridge/shell/DevActivity;->useOrigin(Ljava/lang/String;)V

    iget-object v1, p1, Ldev/hybridge/shell/DevLinkFetch;->statusBar:Ljava/lang/String;
    iput-object v1, p0, Ldev/hybridge/shell/DevActivity;->statusBar:Ljava/lang/String;
    invoke-direct {p0, v1}, Ldev/hybridge/shell/DevActivity;->applyStatusBar(Ljava/lang/String;)V

    const-string v0, "https://localhost/"
    const-string v1, "hybridgeNavBar"
    iget-object v2, p1, Ldev/hybridge/shell/DevLinkFetch;->navBarType:Ljava/lang/String;
    invoke-static {v0, v1, v2}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/DevActivity;->shownUrl:Ljava/lang/String;
    iget-object v1, p0, Ldev/hybridge/shell/DevActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v1, v0}, Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V
    return-void
.end method

# Where previews go: files/hybridge-previews/ (the shell's updates have files/hybridge-updates/).
.method private previewsDir()Ljava/io/File;
    .locals 3
    new-instance v0, Ljava/io/File;
    invoke-virtual {p0}, Ldev/hybridge/shell/DevActivity;->getFilesDir()Ljava/io/File;
    move-result-object v1
    const-string v2, "hybridge-previews"
    invoke-direct {v0, v1, v2}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    return-object v0
.end method

# The preview whose folder the client serves https://localhost from (null: the dev app's pages).
.method private usePreview(Ljava/io/File;)V
    .locals 1
    iput-object p1, p0, Ldev/hybridge/shell/DevActivity;->previewRoot:Ljava/io/File;
    iget-object v0, p0, Ldev/hybridge/shell/DevActivity;->devClient:Ldev/hybridge/shell/DevWebViewClient;
    if-eqz v0, :done
    invoke-virtual {v0, p1}, Ldev/hybridge/shell/DevWebViewClient;->setPreviewRoot(Ljava/io/File;)V
    :done
    return-void
.end method

# The dev server did not answer a page's navigation (DevWebViewClient.onReceivedError): the
# unreachable page with the address tried, and Retry reopening the project.
.method public showUnreachable(Ljava/lang/String;)V
    .locals 3
    const-string v0, "https://localhost/unreachable.html"
    const-string v1, "url"
    invoke-static {v0, v1, p1}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    const-string v1, "server"
    iget-object v2, p0, Ldev/hybridge/shell/DevActivity;->server:Ljava/lang/String;
    invoke-static {v0, v1, v2}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    const-string v1, "app"
    iget-object v2, p0, Ldev/hybridge/shell/DevActivity;->appKey:Ljava/lang/String;
    invoke-static {v0, v1, v2}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    const-string v1, "dev"
    iget-object v2, p0, Ldev/hybridge/shell/DevActivity;->devUrl:Ljava/lang/String;
    invoke-static {v0, v1, v2}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iget-object v1, p0, Ldev/hybridge/shell/DevActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v1, v0}, Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V
    return-void
.end method

# An address the dev app may not load: its explanation, with the address.
.method private showRefused(Ljava/lang/String;)V
    .locals 2
    const-string v0, "https://localhost/refused.html"
    const-string v1, "url"
    invoke-static {v0, v1, p1}, Ldev/hybridge/shell/DevActivity;->withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iget-object v1, p0, Ldev/hybridge/shell/DevActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v1, v0}, Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V
    return-void
.end method

# The dev server's origin becomes the app's: its links stay in the WebView (the client) and its
# pages may call the native functions (the bridge) — no other site's.
.method private useOrigin(Ljava/lang/String;)V
    .locals 1
    iput-object p1, p0, Ldev/hybridge/shell/DevActivity;->devOrigin:Ljava/lang/String;
    iget-object v0, p0, Ldev/hybridge/shell/DevActivity;->devClient:Ldev/hybridge/shell/DevWebViewClient;
    if-eqz v0, :client_set
    invoke-virtual {v0, p1}, Ldev/hybridge/shell/DevWebViewClient;->setDevOrigin(Ljava/lang/String;)V
    :client_set
    iget-object v0, p0, Ldev/hybridge/shell/DevActivity;->bridge:Ldev/hybridge/shell/ShellBridge;
    if-eqz v0, :done
    invoke-virtual {v0, p1}, Ldev/hybridge/shell/ShellBridge;->setAllowedOrigin(Ljava/lang/String;)V
    :done
    return-void
.end method

# The project's status bar colour (#RGB or #RRGGBB; anything else keeps the theme's), with dark
# icons on a light colour and light ones on a dark colour: the same rule as a built app's theme
# (isLightColor in colors.ts: relative luminance above 0.179). Window.setStatusBarColor is API 21,
# Color.luminance API 24, the light status bar flag API 23: all within minSdk 24.
.method private applyStatusBar(Ljava/lang/String;)V
    .locals 5
    if-eqz p1, :done
    const-string v0, "#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}"
    invoke-virtual {p1, v0}, Ljava/lang/String;->matches(Ljava/lang/String;)Z
    move-result v0
    if-eqz v0, :done

    const/4 v0, 0x1
    invoke-virtual {p1, v0}, Ljava/lang/String;->substring(I)Ljava/lang/String;
    move-result-object v0
    invoke-virtual {v0}, Ljava/lang/String;->length()I
    move-result v1
    const/4 v2, 0x3
    if-ne v1, v2, :parse
    # #RGB is #RRGGBB with each digit twice.
    new-instance v1, Ljava/lang/StringBuilder;
    invoke-direct {v1}, Ljava/lang/StringBuilder;-><init>()V
    const/4 v2, 0x0
    :double_digit
    const/4 v3, 0x3
    if-ge v2, v3, :doubled
    invoke-virtual {v0, v2}, Ljava/lang/String;->charAt(I)C
    move-result v3
    invoke-virtual {v1, v3}, Ljava/lang/StringBuilder;->append(C)Ljava/lang/StringBuilder;
    invoke-virtual {v1, v3}, Ljava/lang/StringBuilder;->append(C)Ljava/lang/StringBuilder;
    add-int/lit8 v2, v2, 0x1
    goto :double_digit
    :doubled
    invoke-virtual {v1}, Ljava/lang/StringBuilder;->toString()Ljava/lang/String;
    move-result-object v0

    :parse
    const/16 v1, 0x10
    invoke-static {v0, v1}, Ljava/lang/Integer;->parseInt(Ljava/lang/String;I)I
    move-result v0
    const/high16 v1, -0x1000000
    or-int/2addr v0, v1

    invoke-virtual {p0}, Ldev/hybridge/shell/DevActivity;->getWindow()Landroid/view/Window;
    move-result-object v1
    invoke-virtual {v1, v0}, Landroid/view/Window;->setStatusBarColor(I)V

    invoke-static {v0}, Landroid/graphics/Color;->luminance(I)F
    move-result v2
    const v3, 0x3e374bc7    # 0.179f
    invoke-virtual {v1}, Landroid/view/Window;->getDecorView()Landroid/view/View;
    move-result-object v1
    invoke-virtual {v1}, Landroid/view/View;->getSystemUiVisibility()I
    move-result v4
    cmpl-float v2, v2, v3
    if-lez v2, :dark_colour
    # View.SYSTEM_UI_FLAG_LIGHT_STATUS_BAR (0x2000) on: dark icons on a light colour.
    or-int/lit16 v4, v4, 0x2000
    goto :set_flags
    :dark_colour
    and-int/lit16 v4, v4, -0x2001
    :set_flags
    invoke-virtual {v1, v4}, Landroid/view/View;->setSystemUiVisibility(I)V
    :done
    return-void
.end method

# url with name=value added to its query (before any #fragment: the page's router keeps its
# route), the value encoded; url itself when the value is null.
.method private static withParam(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    .locals 4
    if-nez p2, :add
    return-object p0
    :add
    const/16 v0, 0x23
    invoke-virtual {p0, v0}, Ljava/lang/String;->indexOf(I)I
    move-result v0
    move-object v1, p0
    const-string v2, ""
    if-ltz v0, :joined
    const/4 v3, 0x0
    invoke-virtual {p0, v3, v0}, Ljava/lang/String;->substring(II)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {p0, v0}, Ljava/lang/String;->substring(I)Ljava/lang/String;
    move-result-object v2
    :joined
    const/16 v0, 0x3f
    invoke-virtual {v1, v0}, Ljava/lang/String;->indexOf(I)I
    move-result v0
    const-string v3, "&"
    if-gez v0, :separated
    const-string v3, "?"
    :separated
    invoke-virtual {v1, v3}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v1, p1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    const-string v3, "="
    invoke-virtual {v1, v3}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-static {p2}, Landroid/net/Uri;->encode(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    invoke-virtual {v1, v3}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v1, v2}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    return-object v1
.end method
