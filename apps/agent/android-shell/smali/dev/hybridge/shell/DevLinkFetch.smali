# Reads what the dev app needs to open a project from the Hybridge server, off the UI thread:
# GET {server}/api/v1/dev-link/{appKey}?url={dev server} answers the project's name, the dev
# server's normalised URL and the owner's test settings (status bar colour, navigation bar type).
# One object does both halves: run() on its own thread fetches, then hands itself to the UI
# thread (runOnUiThread), where run() again gives the answer to DevActivity.devLinkAnswered.
# A preview link (issue 27, decision 057) asks ?update={id} instead: the answer names the update
# and the project's update key, and the same thread then downloads, verifies and unzips the
# update into its own folder (ShellUpdates.downloadInto) before handing over.
.class public final Ldev/hybridge/shell/DevLinkFetch;
.super Ljava/lang/Object;
.source "DevLinkFetch.smali"

.implements Ljava/lang/Runnable;

.field final activity:Ldev/hybridge/shell/DevActivity;
.field final server:Ljava/lang/String;
.field final appKey:Ljava/lang/String;
.field final url:Ljava/lang/String;
# A preview's update id (url is null then), and the folder previews go to
# (files/hybridge-previews/, apart from the shell's updates): set by preview().
.field update:Ljava/lang/String;
.field previewDir:Ljava/io/File;

# Written by the fetching thread before runOnUiThread, read on the UI thread after it: the
# handing over orders them.
.field fetched:Z
# 0: the project opens; 1: the dev server's address is refused (the server's 400, or a devUrl
# that is not private); 2: the server knows no such project, or no such update of it (404); 3:
# unreachable, or an answer that is not the contract's; 4: the preview's update could not be
# downloaded or was refused (failure says why).
.field outcome:I
# The address asked (shown by the unreachable page).
.field tried:Ljava/lang/String;
.field appName:Ljava/lang/String;
.field devUrl:Ljava/lang/String;
.field navBarType:Ljava/lang/String;
.field statusBar:Ljava/lang/String;
# A preview's answer: the update ({ id, url, sha256, signature, size, … }), its id (checked: a
# lower-case UUID, the one asked for, as it names a folder), the key, why it failed.
.field previewUpdate:Lorg/json/JSONObject;
.field previewId:Ljava/lang/String;
.field publicKey:Ljava/lang/String;
.field failure:Ljava/lang/String;

.method public constructor <init>(Ldev/hybridge/shell/DevActivity;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    .locals 0
    invoke-direct {p0}, Ljava/lang/Object;-><init>()V
    iput-object p1, p0, Ldev/hybridge/shell/DevLinkFetch;->activity:Ldev/hybridge/shell/DevActivity;
    iput-object p2, p0, Ldev/hybridge/shell/DevLinkFetch;->server:Ljava/lang/String;
    iput-object p3, p0, Ldev/hybridge/shell/DevLinkFetch;->appKey:Ljava/lang/String;
    iput-object p4, p0, Ldev/hybridge/shell/DevLinkFetch;->url:Ljava/lang/String;
    return-void
.end method

# A preview link's request (url null): the update's id and the previews' folder. Called before
# the thread starts (Thread.start orders the writes before the thread's reads).
.method public preview(Ljava/lang/String;Ljava/io/File;)V
    .locals 0
    iput-object p1, p0, Ldev/hybridge/shell/DevLinkFetch;->update:Ljava/lang/String;
    iput-object p2, p0, Ldev/hybridge/shell/DevLinkFetch;->previewDir:Ljava/io/File;
    return-void
.end method

# First call (the fetching thread): fetch, then come back on the UI thread. Second call (the UI
# thread): the activity takes the answer.
.method public run()V
    .locals 1
    iget-boolean v0, p0, Ldev/hybridge/shell/DevLinkFetch;->fetched:Z
    if-nez v0, :answer
    invoke-direct {p0}, Ldev/hybridge/shell/DevLinkFetch;->fetch()V
    const/4 v0, 0x1
    iput-boolean v0, p0, Ldev/hybridge/shell/DevLinkFetch;->fetched:Z
    iget-object v0, p0, Ldev/hybridge/shell/DevLinkFetch;->activity:Ldev/hybridge/shell/DevActivity;
    invoke-virtual {v0, p0}, Ldev/hybridge/shell/DevActivity;->runOnUiThread(Ljava/lang/Runnable;)V
    return-void
    :answer
    iget-object v0, p0, Ldev/hybridge/shell/DevLinkFetch;->activity:Ldev/hybridge/shell/DevActivity;
    invoke-virtual {v0, p0}, Ldev/hybridge/shell/DevActivity;->devLinkAnswered(Ldev/hybridge/shell/DevLinkFetch;)V
    return-void
.end method

# The request and its outcome. Any failure — no network, a refused connection, a timeout, an
# answer that is not the contract's JSON — is UNREACHABLE: the page then names the server tried.
.method private fetch()V
    .locals 4
    const/4 v0, 0x3
    iput v0, p0, Ldev/hybridge/shell/DevLinkFetch;->outcome:I

    # {server without a final /}/api/v1/dev-link/{appKey}?url={url}, both encoded.
    iget-object v0, p0, Ldev/hybridge/shell/DevLinkFetch;->server:Ljava/lang/String;
    :strip
    const-string v1, "/"
    invoke-virtual {v0, v1}, Ljava/lang/String;->endsWith(Ljava/lang/String;)Z
    move-result v1
    if-eqz v1, :stripped
    invoke-virtual {v0}, Ljava/lang/String;->length()I
    move-result v1
    add-int/lit8 v1, v1, -0x1
    const/4 v2, 0x0
    invoke-virtual {v0, v2, v1}, Ljava/lang/String;->substring(II)Ljava/lang/String;
    move-result-object v0
    goto :strip
    :stripped
    const-string v1, "/api/v1/dev-link/"
    invoke-virtual {v0, v1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iget-object v1, p0, Ldev/hybridge/shell/DevLinkFetch;->appKey:Ljava/lang/String;
    invoke-static {v1}, Landroid/net/Uri;->encode(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v0, v1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    const-string v1, "?url="
    iget-object v2, p0, Ldev/hybridge/shell/DevLinkFetch;->url:Ljava/lang/String;
    iget-object v3, p0, Ldev/hybridge/shell/DevLinkFetch;->update:Ljava/lang/String;
    if-eqz v3, :query
    const-string v1, "?update="
    move-object v2, v3
    :query
    invoke-virtual {v0, v1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    invoke-static {v2}, Landroid/net/Uri;->encode(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v0, v1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/DevLinkFetch;->tried:Ljava/lang/String;

    const/4 v1, 0x0
    :try_start
    new-instance v2, Ljava/net/URL;
    invoke-direct {v2, v0}, Ljava/net/URL;-><init>(Ljava/lang/String;)V
    invoke-virtual {v2}, Ljava/net/URL;->openConnection()Ljava/net/URLConnection;
    move-result-object v2
    check-cast v2, Ljava/net/HttpURLConnection;
    move-object v1, v2
    invoke-direct {p0, v1}, Ldev/hybridge/shell/DevLinkFetch;->read(Ljava/net/HttpURLConnection;)V
    :try_end
    .catch Ljava/lang/Exception; {:try_start .. :try_end} :failed
    invoke-virtual {v1}, Ljava/net/HttpURLConnection;->disconnect()V
    invoke-direct {p0}, Ldev/hybridge/shell/DevLinkFetch;->downloadPreview()V
    return-void

    :failed
    const/4 v0, 0x3
    iput v0, p0, Ldev/hybridge/shell/DevLinkFetch;->outcome:I
    if-eqz v1, :done
    invoke-virtual {v1}, Ljava/net/HttpURLConnection;->disconnect()V
    :done
    return-void
.end method

# One exchange with the server: a short wait (a phone on the wrong network should see the
# unreachable page in seconds, not minutes), no cache (the answer is Cache-Control: no-store
# anyway), JSON only. Throws on any failure; sets the outcome and the answer's values.
.method private read(Ljava/net/HttpURLConnection;)V
    .locals 5
    const/16 v0, 0x1f40
    invoke-virtual {p1, v0}, Ljava/net/HttpURLConnection;->setConnectTimeout(I)V
    const/16 v0, 0x3a98
    invoke-virtual {p1, v0}, Ljava/net/HttpURLConnection;->setReadTimeout(I)V
    const/4 v0, 0x0
    invoke-virtual {p1, v0}, Ljava/net/HttpURLConnection;->setUseCaches(Z)V
    const-string v0, "Accept"
    const-string v1, "application/json"
    invoke-virtual {p1, v0, v1}, Ljava/net/HttpURLConnection;->setRequestProperty(Ljava/lang/String;Ljava/lang/String;)V

    invoke-virtual {p1}, Ljava/net/HttpURLConnection;->getResponseCode()I
    move-result v0
    const/16 v1, 0x190
    if-ne v0, v1, :not_400
    const/4 v1, 0x1
    iput v1, p0, Ldev/hybridge/shell/DevLinkFetch;->outcome:I
    return-void
    :not_400
    const/16 v1, 0x194
    if-ne v0, v1, :not_404
    const/4 v1, 0x2
    iput v1, p0, Ldev/hybridge/shell/DevLinkFetch;->outcome:I
    return-void
    :not_404
    const/16 v1, 0xc8
    if-ne v0, v1, :unreachable

    invoke-virtual {p1}, Ljava/net/HttpURLConnection;->getInputStream()Ljava/io/InputStream;
    move-result-object v0
    invoke-static {v0}, Ldev/hybridge/shell/DevLinkFetch;->readText(Ljava/io/InputStream;)Ljava/lang/String;
    move-result-object v0
    new-instance v1, Lorg/json/JSONObject;
    invoke-direct {v1, v0}, Lorg/json/JSONObject;-><init>(Ljava/lang/String;)V

    # The contract's version 1 only: another is an answer this app cannot read.
    const-string v0, "v"
    invoke-virtual {v1, v0}, Lorg/json/JSONObject;->optInt(Ljava/lang/String;)I
    move-result v0
    const/4 v2, 0x1
    if-ne v0, v2, :unreachable

    iget-object v0, p0, Ldev/hybridge/shell/DevLinkFetch;->update:Ljava/lang/String;
    if-nez v0, :preview

    # The server's normalised URL, checked again here: the app trusts no one with cleartext.
    const-string v0, "devUrl"
    invoke-virtual {v1, v0}, Lorg/json/JSONObject;->getString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    invoke-static {v0}, Ldev/hybridge/shell/DevUrls;->isPrivateDevUrl(Ljava/lang/String;)Z
    move-result v2
    if-nez v2, :private_url
    const/4 v2, 0x1
    iput v2, p0, Ldev/hybridge/shell/DevLinkFetch;->outcome:I
    return-void
    :private_url
    iput-object v0, p0, Ldev/hybridge/shell/DevLinkFetch;->devUrl:Ljava/lang/String;

    :settings
    const-string v0, "appName"
    iget-object v2, p0, Ldev/hybridge/shell/DevLinkFetch;->appKey:Ljava/lang/String;
    invoke-virtual {v1, v0, v2}, Lorg/json/JSONObject;->optString(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/DevLinkFetch;->appName:Ljava/lang/String;

    const-string v0, "config"
    invoke-virtual {v1, v0}, Lorg/json/JSONObject;->optJSONObject(Ljava/lang/String;)Lorg/json/JSONObject;
    move-result-object v0
    if-eqz v0, :opened
    const-string v2, "navBarType"
    const/4 v3, 0x0
    invoke-virtual {v0, v2, v3}, Lorg/json/JSONObject;->optString(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v2
    iput-object v2, p0, Ldev/hybridge/shell/DevLinkFetch;->navBarType:Ljava/lang/String;
    const-string v2, "statusBar"
    invoke-virtual {v0, v2, v3}, Lorg/json/JSONObject;->optString(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v2
    iput-object v2, p0, Ldev/hybridge/shell/DevLinkFetch;->statusBar:Ljava/lang/String;

    :opened
    const/4 v0, 0x0
    iput v0, p0, Ldev/hybridge/shell/DevLinkFetch;->outcome:I
    return-void

    # A preview: the update (its id a lower-case UUID, the one asked for: it names a folder) and
    # the key its signature is checked with; then the project's settings as for a dev server.
    :preview
    const-string v0, "update"
    invoke-virtual {v1, v0}, Lorg/json/JSONObject;->optJSONObject(Ljava/lang/String;)Lorg/json/JSONObject;
    move-result-object v0
    if-eqz v0, :unreachable
    const-string v2, "id"
    invoke-virtual {v0, v2}, Lorg/json/JSONObject;->getString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v2
    const-string v3, "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    invoke-virtual {v2, v3}, Ljava/lang/String;->matches(Ljava/lang/String;)Z
    move-result v3
    if-eqz v3, :unreachable
    iget-object v3, p0, Ldev/hybridge/shell/DevLinkFetch;->update:Ljava/lang/String;
    invoke-virtual {v2, v3}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v3
    if-eqz v3, :unreachable
    iput-object v0, p0, Ldev/hybridge/shell/DevLinkFetch;->previewUpdate:Lorg/json/JSONObject;
    iput-object v2, p0, Ldev/hybridge/shell/DevLinkFetch;->previewId:Ljava/lang/String;
    const-string v0, "updatePublicKey"
    invoke-virtual {v1, v0}, Lorg/json/JSONObject;->getString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/DevLinkFetch;->publicKey:Ljava/lang/String;
    goto :settings

    :unreachable
    const/4 v0, 0x3
    iput v0, p0, Ldev/hybridge/shell/DevLinkFetch;->outcome:I
    return-void
.end method

# A preview whose answer came (background thread): the update into previewDir/<id>/, checked
# with the answered key, after the other previews' folders go (only the one opened last is
# kept); a failure is outcome 4 with its reason. A folder already here was verified before it
# was renamed into place: it opens as it is.
.method private downloadPreview()V
    .locals 5
    iget v0, p0, Ldev/hybridge/shell/DevLinkFetch;->outcome:I
    if-nez v0, :done
    iget-object v0, p0, Ldev/hybridge/shell/DevLinkFetch;->previewUpdate:Lorg/json/JSONObject;
    if-eqz v0, :done
    iget-object v1, p0, Ldev/hybridge/shell/DevLinkFetch;->previewDir:Ljava/io/File;
    iget-object v2, p0, Ldev/hybridge/shell/DevLinkFetch;->previewId:Ljava/lang/String;
    invoke-static {v1, v2}, Ldev/hybridge/shell/DevLinkFetch;->removeOtherPreviews(Ljava/io/File;Ljava/lang/String;)V
    iget-object v3, p0, Ldev/hybridge/shell/DevLinkFetch;->publicKey:Ljava/lang/String;
    invoke-static {v0, v2, v1, v3}, Ldev/hybridge/shell/ShellUpdates;->downloadInto(Lorg/json/JSONObject;Ljava/lang/String;Ljava/io/File;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    if-eqz v0, :done
    invoke-virtual {v0}, Ljava/lang/String;->isEmpty()Z
    move-result v4
    if-nez v4, :done
    iput-object v0, p0, Ldev/hybridge/shell/DevLinkFetch;->failure:Ljava/lang/String;
    const/4 v4, 0x4
    iput v4, p0, Ldev/hybridge/shell/DevLinkFetch;->outcome:I
    :done
    return-void
.end method

# Everything in the previews' folder but the update keep's files (its folder, its .part to
# resume): the previews a phone keeps are bounded to the one opened last.
.method private static removeOtherPreviews(Ljava/io/File;Ljava/lang/String;)V
    .locals 5
    invoke-virtual {p0}, Ljava/io/File;->listFiles()[Ljava/io/File;
    move-result-object v0
    if-eqz v0, :done
    array-length v1, v0
    const/4 v2, 0x0
    :loop
    if-ge v2, v1, :done
    aget-object v3, v0, v2
    add-int/lit8 v2, v2, 0x1
    invoke-virtual {v3}, Ljava/io/File;->getName()Ljava/lang/String;
    move-result-object v4
    invoke-virtual {v4, p1}, Ljava/lang/String;->startsWith(Ljava/lang/String;)Z
    move-result v4
    if-nez v4, :loop
    invoke-static {v3}, Ldev/hybridge/shell/ShellUpdates;->deleteTree(Ljava/io/File;)V
    goto :loop
    :done
    return-void
.end method

# The body as UTF-8 text, at most 64 KB (the answer is a few hundred bytes; more is not ours).
.method private static readText(Ljava/io/InputStream;)Ljava/lang/String;
    .locals 5
    new-instance v0, Ljava/io/ByteArrayOutputStream;
    invoke-direct {v0}, Ljava/io/ByteArrayOutputStream;-><init>()V
    const/16 v1, 0x1000
    new-array v1, v1, [B
    :read
    invoke-virtual {p0, v1}, Ljava/io/InputStream;->read([B)I
    move-result v2
    if-ltz v2, :end
    const/4 v3, 0x0
    invoke-virtual {v0, v1, v3, v2}, Ljava/io/ByteArrayOutputStream;->write([BII)V
    invoke-virtual {v0}, Ljava/io/ByteArrayOutputStream;->size()I
    move-result v3
    const/high16 v4, 0x10000
    if-le v3, v4, :read
    new-instance v3, Ljava/io/IOException;
    const-string v4, "dev-link answer too large"
    invoke-direct {v3, v4}, Ljava/io/IOException;-><init>(Ljava/lang/String;)V
    throw v3
    :end
    invoke-virtual {p0}, Ljava/io/InputStream;->close()V
    const-string v1, "UTF-8"
    invoke-virtual {v0, v1}, Ljava/io/ByteArrayOutputStream;->toString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    return-object v0
.end method
