# Over-the-air updates of the web bundle (issue 27, decision 052). The build's assets/hybridge.json
# names the server, the app key, the channel, the runtime version and the update-signing key;
# without a key (or without the file: the dev app) nothing here talks to the network.
#
# Files, in getFilesDir()/hybridge-updates/: <id>/ an unzipped update, <id>.part a download (kept
# to resume), <id>.tmp/ an unzip under way, and "state" (JSON: current, previous, pending, trial,
# installId, bad), always replaced whole (temp file, sync, rename), so a process killed at any
# moment leaves the old state or the new one, and an update is only ever recorded once its folder
# is complete (the unzip's folder is renamed to <id>/ before it is named pending).
#
# Threads: the check, the download and the reports run on background threads (ShellUpdateTask);
# every change of the state happens on the UI thread (the download's result is posted there), so
# the fields need no lock; they are volatile for the background threads that read them.
.class public Ldev/hybridge/shell/ShellUpdates;
.super Ljava/lang/Object;
.source "ShellUpdates.smali"

# The one of the process (forActivity): every activity of the app shares it, so that a second
# activity (the app opened again after back) never works on an older copy of the state.
.field private static shared:Ldev/hybridge/shell/ShellUpdates;

# The activity showing the app now (runOnUiThread, reloadBundle).
.field private volatile activity:Landroid/app/Activity;

# The update whose 10 s are counted already (one timer per trial).
.field private trialTimer:Ljava/lang/String;

# getFilesDir()/hybridge-updates
.field private final dir:Ljava/io/File;

# assets/hybridge.json, or null when the APK has none.
.field private final config:Lorg/json/JSONObject;

# Whether updates are on: a config with a server, an app key and an update key.
.field private final enabled:Z

# The update running (null: the embedded bundle), the one before it, the one to apply at the next
# cold start ("embedded": back to the embedded bundle), the one on trial (not ready yet).
.field private volatile current:Ljava/lang/String;
.field private volatile previous:Ljava/lang/String;
.field private volatile pending:Ljava/lang/String;
.field private volatile trial:Ljava/lang/String;

# A random UUID made once: the server's rollout cohorts and counts.
.field private volatile installId:Ljava/lang/String;

# Updates rolled back here, never applied again: " id1  id2 " (each id between spaces).
.field private volatile bad:Ljava/lang/String;

# The folder ShellWebViewClient serves the bundle from (null: the APK's assets/www).
.field private volatile root:Ljava/io/File;

# The check runs once per process (the first page load of a cold start).
.field private checked:Z

# MainActivity.onCreate, before the first load (UI thread): the process's instance. Made by the
# first activity of the process, which runs the cold start's step; a later activity of the same
# process (the app opened again after back) applies a pending update too, as it shows no page yet,
# but one recreated with a saved page (saved) keeps the bundle that page came from.
.method public static forActivity(Landroid/app/Activity;Landroid/os/Bundle;)Ldev/hybridge/shell/ShellUpdates;
    .locals 2
    sget-object v0, Ldev/hybridge/shell/ShellUpdates;->shared:Ldev/hybridge/shell/ShellUpdates;
    if-nez v0, :again
    new-instance v0, Ldev/hybridge/shell/ShellUpdates;
    invoke-direct {v0, p0}, Ldev/hybridge/shell/ShellUpdates;-><init>(Landroid/app/Activity;)V
    sput-object v0, Ldev/hybridge/shell/ShellUpdates;->shared:Ldev/hybridge/shell/ShellUpdates;
    const/4 v1, 0x1
    invoke-virtual {v0, v1}, Ldev/hybridge/shell/ShellUpdates;->startUp(Z)V
    return-object v0

    :again
    iput-object p0, v0, Ldev/hybridge/shell/ShellUpdates;->activity:Landroid/app/Activity;
    if-nez p1, :restored
    const/4 v1, 0x0
    invoke-virtual {v0, v1}, Ldev/hybridge/shell/ShellUpdates;->startUp(Z)V
    :restored
    return-object v0
.end method

.method private constructor <init>(Landroid/app/Activity;)V
    .locals 4
    invoke-direct {p0}, Ljava/lang/Object;-><init>()V
    iput-object p1, p0, Ldev/hybridge/shell/ShellUpdates;->activity:Landroid/app/Activity;

    new-instance v0, Ljava/io/File;
    invoke-virtual {p1}, Landroid/app/Activity;->getFilesDir()Ljava/io/File;
    move-result-object v1
    const-string v2, "hybridge-updates"
    invoke-direct {v0, v1, v2}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    iput-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->dir:Ljava/io/File;

    # No hybridge.json (the dev app, an older build) or an unreadable one: updates stay off.
    const/4 v0, 0x0
    :try_start_config
    invoke-virtual {p1}, Landroid/app/Activity;->getAssets()Landroid/content/res/AssetManager;
    move-result-object v1
    const-string v2, "hybridge.json"
    invoke-virtual {v1, v2}, Landroid/content/res/AssetManager;->open(Ljava/lang/String;)Ljava/io/InputStream;
    move-result-object v1
    invoke-static {v1}, Ldev/hybridge/shell/ShellUpdates;->readAll(Ljava/io/InputStream;)Ljava/lang/String;
    move-result-object v1
    new-instance v0, Lorg/json/JSONObject;
    invoke-direct {v0, v1}, Lorg/json/JSONObject;-><init>(Ljava/lang/String;)V
    :try_end_config
    .catch Ljava/lang/Exception; {:try_start_config .. :try_end_config} :no_config
    goto :have_config
    :no_config
    const/4 v0, 0x0
    :have_config
    iput-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->config:Lorg/json/JSONObject;

    # On only with everything the check needs; "updatePublicKey": null (no key yet) keeps it off.
    const/4 v1, 0x0
    if-eqz v0, :set_enabled
    const-string v2, "updatePublicKey"
    invoke-virtual {v0, v2}, Lorg/json/JSONObject;->isNull(Ljava/lang/String;)Z
    move-result v3
    if-nez v3, :set_enabled
    const-string v2, "server"
    invoke-virtual {v0, v2}, Lorg/json/JSONObject;->isNull(Ljava/lang/String;)Z
    move-result v3
    if-nez v3, :set_enabled
    const-string v2, "appKey"
    invoke-virtual {v0, v2}, Lorg/json/JSONObject;->isNull(Ljava/lang/String;)Z
    move-result v3
    if-nez v3, :set_enabled
    const/4 v1, 0x1
    :set_enabled
    iput-boolean v1, p0, Ldev/hybridge/shell/ShellUpdates;->enabled:Z

    invoke-direct {p0}, Ldev/hybridge/shell/ShellUpdates;->load()V
    return-void
.end method

# Whether this APK is a development build (decision 058): its hybridge.json says
# "development": true and names an http:// server. Such a build's page may call that server over
# cleartext (the network security config permits its host, the WebView mixed content); any other
# build's page no http:// server at all.
.method public isDevelopment()Z
    .locals 3
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->config:Lorg/json/JSONObject;
    if-eqz v0, :no
    const-string v1, "development"
    invoke-virtual {v0, v1}, Lorg/json/JSONObject;->optBoolean(Ljava/lang/String;)Z
    move-result v1
    if-eqz v1, :no
    invoke-direct {p0}, Ldev/hybridge/shell/ShellUpdates;->serverUri()Landroid/net/Uri;
    move-result-object v0
    invoke-virtual {v0}, Landroid/net/Uri;->getScheme()Ljava/lang/String;
    move-result-object v0
    const-string v1, "http"
    invoke-virtual {v1, v0}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v0
    return v0

    :no
    const/4 v0, 0x0
    return v0
.end method

# Whether the page may load this http:// URL: in a development build, only from its server (the
# same authority, host and port, in any case); in any other build, never.
.method public allowsCleartext(Landroid/net/Uri;)Z
    .locals 2
    invoke-virtual {p0}, Ldev/hybridge/shell/ShellUpdates;->isDevelopment()Z
    move-result v0
    if-eqz v0, :no
    invoke-direct {p0}, Ldev/hybridge/shell/ShellUpdates;->serverUri()Landroid/net/Uri;
    move-result-object v0
    invoke-virtual {v0}, Landroid/net/Uri;->getAuthority()Ljava/lang/String;
    move-result-object v0
    if-eqz v0, :no
    invoke-virtual {p1}, Landroid/net/Uri;->getAuthority()Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v0, v1}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v0
    return v0

    :no
    const/4 v0, 0x0
    return v0
.end method

# hybridge.json's server (PUBLIC_URL), parsed; config is set (callers check).
.method private serverUri()Landroid/net/Uri;
    .locals 3
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->config:Lorg/json/JSONObject;
    const-string v1, "server"
    const-string v2, ""
    invoke-virtual {v0, v1, v2}, Lorg/json/JSONObject;->optString(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    invoke-static {v0}, Landroid/net/Uri;->parse(Ljava/lang/String;)Landroid/net/Uri;
    move-result-object v0
    return-object v0
.end method

# The state file's values; a missing or broken file is a first start (the embedded bundle).
.method private load()V
    .locals 4
    const-string v0, ""
    iput-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->bad:Ljava/lang/String;
    :try_start
    new-instance v0, Ljava/io/FileInputStream;
    new-instance v1, Ljava/io/File;
    iget-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->dir:Ljava/io/File;
    const-string v3, "state"
    invoke-direct {v1, v2, v3}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    invoke-direct {v0, v1}, Ljava/io/FileInputStream;-><init>(Ljava/io/File;)V
    invoke-static {v0}, Ldev/hybridge/shell/ShellUpdates;->readAll(Ljava/io/InputStream;)Ljava/lang/String;
    move-result-object v0
    new-instance v1, Lorg/json/JSONObject;
    invoke-direct {v1, v0}, Lorg/json/JSONObject;-><init>(Ljava/lang/String;)V
    const/4 v2, 0x0
    const-string v0, "current"
    invoke-virtual {v1, v0, v2}, Lorg/json/JSONObject;->optString(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    const-string v0, "previous"
    invoke-virtual {v1, v0, v2}, Lorg/json/JSONObject;->optString(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->previous:Ljava/lang/String;
    const-string v0, "pending"
    invoke-virtual {v1, v0, v2}, Lorg/json/JSONObject;->optString(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->pending:Ljava/lang/String;
    const-string v0, "trial"
    invoke-virtual {v1, v0, v2}, Lorg/json/JSONObject;->optString(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->trial:Ljava/lang/String;
    const-string v0, "installId"
    invoke-virtual {v1, v0, v2}, Lorg/json/JSONObject;->optString(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->installId:Ljava/lang/String;
    const-string v0, "bad"
    const-string v2, ""
    invoke-virtual {v1, v0, v2}, Lorg/json/JSONObject;->optString(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->bad:Ljava/lang/String;
    :try_end
    .catch Ljava/lang/Exception; {:try_start .. :try_end} :fresh
    :fresh
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->installId:Ljava/lang/String;
    if-nez v0, :done
    invoke-static {}, Ljava/util/UUID;->randomUUID()Ljava/util/UUID;
    move-result-object v0
    invoke-virtual {v0}, Ljava/util/UUID;->toString()Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->installId:Ljava/lang/String;
    :done
    return-void
.end method

# Writes the state whole: a temp file, synced to the disk, renamed over the old one (atomic on
# the same file system). A failure keeps the old state (the next start behaves as before).
.method private save()V
    .locals 5
    :try_start
    new-instance v0, Lorg/json/JSONObject;
    invoke-direct {v0}, Lorg/json/JSONObject;-><init>()V
    # put(name, null) leaves the name out: it reads back as null.
    const-string v1, "current"
    iget-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    invoke-virtual {v0, v1, v2}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v1, "previous"
    iget-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->previous:Ljava/lang/String;
    invoke-virtual {v0, v1, v2}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v1, "pending"
    iget-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->pending:Ljava/lang/String;
    invoke-virtual {v0, v1, v2}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v1, "trial"
    iget-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->trial:Ljava/lang/String;
    invoke-virtual {v0, v1, v2}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v1, "installId"
    iget-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->installId:Ljava/lang/String;
    invoke-virtual {v0, v1, v2}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v1, "bad"
    iget-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->bad:Ljava/lang/String;
    invoke-virtual {v0, v1, v2}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;

    iget-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->dir:Ljava/io/File;
    invoke-virtual {v1}, Ljava/io/File;->mkdirs()Z
    new-instance v2, Ljava/io/File;
    const-string v3, "state.tmp"
    invoke-direct {v2, v1, v3}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    new-instance v3, Ljava/io/FileOutputStream;
    invoke-direct {v3, v2}, Ljava/io/FileOutputStream;-><init>(Ljava/io/File;)V
    invoke-virtual {v0}, Lorg/json/JSONObject;->toString()Ljava/lang/String;
    move-result-object v0
    const-string v4, "UTF-8"
    invoke-virtual {v0, v4}, Ljava/lang/String;->getBytes(Ljava/lang/String;)[B
    move-result-object v0
    invoke-virtual {v3, v0}, Ljava/io/FileOutputStream;->write([B)V
    invoke-virtual {v3}, Ljava/io/FileOutputStream;->getFD()Ljava/io/FileDescriptor;
    move-result-object v0
    invoke-virtual {v0}, Ljava/io/FileDescriptor;->sync()V
    invoke-virtual {v3}, Ljava/io/FileOutputStream;->close()V
    new-instance v0, Ljava/io/File;
    const-string v3, "state"
    invoke-direct {v0, v1, v3}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    invoke-virtual {v2, v0}, Ljava/io/File;->renameTo(Ljava/io/File;)Z
    :try_end
    .catch Ljava/lang/Exception; {:try_start .. :try_end} :failed
    :failed
    return-void
.end method

# A stream's bytes as UTF-8 text; the stream is closed.
.method static readAll(Ljava/io/InputStream;)Ljava/lang/String;
    .locals 4
    .annotation system Ldalvik/annotation/Throws;
        value = {
            Ljava/io/IOException;
        }
    .end annotation
    new-instance v0, Ljava/io/ByteArrayOutputStream;
    invoke-direct {v0}, Ljava/io/ByteArrayOutputStream;-><init>()V
    invoke-static {p0, v0}, Ldev/hybridge/shell/ShellUpdates;->copy(Ljava/io/InputStream;Ljava/io/OutputStream;)V
    invoke-virtual {p0}, Ljava/io/InputStream;->close()V
    const-string v1, "UTF-8"
    invoke-virtual {v0, v1}, Ljava/io/ByteArrayOutputStream;->toString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    return-object v0
.end method

# Everything left in a stream into another; neither is closed (a zip's stream goes on to its next
# entry).
.method static copy(Ljava/io/InputStream;Ljava/io/OutputStream;)V
    .locals 3
    const/16 v0, 0x2000
    new-array v0, v0, [B
    :loop
    invoke-virtual {p0, v0}, Ljava/io/InputStream;->read([B)I
    move-result v1
    if-ltz v1, :end
    const/4 v2, 0x0
    invoke-virtual {p1, v0, v2, v1}, Ljava/io/OutputStream;->write([BII)V
    goto :loop
    :end
    return-void
.end method

# A start, before the first page load (forActivity): at a cold start (p1), an update that was on
# trial when the process ended (it never reported ready: it crashed, hung or was killed first) is
# rolled back; then a pending update (or the return to the embedded bundle) takes over. The folder
# to serve is then known (bundleRoot). Updates off (no key, the dev app): the APK's bundle, and no
# state file written.
.method startUp(Z)V
    .locals 3
    iget-boolean v0, p0, Ldev/hybridge/shell/ShellUpdates;->enabled:Z
    if-nez v0, :on
    return-void
    :on
    if-eqz p1, :no_trial
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->trial:Ljava/lang/String;
    if-eqz v0, :no_trial
    iget-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    invoke-virtual {v0, v1}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    if-eqz v1, :no_trial
    const-string v1, "did not report ready before the app stopped"
    invoke-direct {p0, v1}, Ldev/hybridge/shell/ShellUpdates;->rollBack(Ljava/lang/String;)V
    :no_trial

    # A current update whose folder is gone (the user cleared storage halfway): the embedded one.
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    if-eqz v0, :switch
    new-instance v1, Ljava/io/File;
    iget-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->dir:Ljava/io/File;
    invoke-direct {v1, v2, v0}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    invoke-virtual {v1}, Ljava/io/File;->isDirectory()Z
    move-result v1
    if-nez v1, :switch
    const/4 v0, 0x0
    iput-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    iput-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->trial:Ljava/lang/String;

    :switch
    invoke-virtual {p0}, Ldev/hybridge/shell/ShellUpdates;->switchToPending()Z
    invoke-direct {p0}, Ldev/hybridge/shell/ShellUpdates;->save()V
    invoke-direct {p0}, Ldev/hybridge/shell/ShellUpdates;->setRoot()V
    # Only at a cold start: later, the check's thread of this process may be unzipping.
    if-eqz p1, :warm
    invoke-direct {p0}, Ldev/hybridge/shell/ShellUpdates;->removeUnused()V
    :warm
    return-void
.end method

# Folders no state names any more (older updates, bad ones, an unzip a killed process left) go, at
# a cold start, before the check's thread of the process exists: only current, previous and pending stay. Files
# stay: the state and the downloads to resume (.part).
.method private removeUnused()V
    .locals 6
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->dir:Ljava/io/File;
    invoke-virtual {v0}, Ljava/io/File;->listFiles()[Ljava/io/File;
    move-result-object v0
    if-eqz v0, :done
    array-length v1, v0
    const/4 v2, 0x0
    :loop
    if-ge v2, v1, :done
    aget-object v3, v0, v2
    add-int/lit8 v2, v2, 0x1
    invoke-virtual {v3}, Ljava/io/File;->isDirectory()Z
    move-result v4
    if-eqz v4, :loop
    invoke-virtual {v3}, Ljava/io/File;->getName()Ljava/lang/String;
    move-result-object v4
    iget-object v5, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    invoke-virtual {v4, v5}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v5
    if-nez v5, :loop
    iget-object v5, p0, Ldev/hybridge/shell/ShellUpdates;->previous:Ljava/lang/String;
    invoke-virtual {v4, v5}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v5
    if-nez v5, :loop
    iget-object v5, p0, Ldev/hybridge/shell/ShellUpdates;->pending:Ljava/lang/String;
    invoke-virtual {v4, v5}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v5
    if-nez v5, :loop
    invoke-static {v3}, Ldev/hybridge/shell/ShellUpdates;->deleteTree(Ljava/io/File;)V
    goto :loop
    :done
    return-void
.end method

# The pending update becomes the current one (the current one the previous) and goes on trial,
# reported applied; "embedded" returns to the APK's bundle. True when something changed. At a cold
# start and for updates.reload (which then reloads the page), on the UI thread.
.method public switchToPending()Z
    .locals 4
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->pending:Ljava/lang/String;
    if-nez v0, :have_pending
    const/4 v0, 0x0
    return v0

    :have_pending
    const/4 v1, 0x0
    iput-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->pending:Ljava/lang/String;
    const-string v2, "embedded"
    invoke-virtual {v2, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v2
    if-eqz v2, :update
    iget-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    iput-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->previous:Ljava/lang/String;
    iput-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    iput-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->trial:Ljava/lang/String;
    goto :changed

    # Only a complete folder (renamed into place after its unzip) is applied.
    :update
    new-instance v2, Ljava/io/File;
    iget-object v3, p0, Ldev/hybridge/shell/ShellUpdates;->dir:Ljava/io/File;
    invoke-direct {v2, v3, v0}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    invoke-virtual {v2}, Ljava/io/File;->isDirectory()Z
    move-result v2
    if-nez v2, :apply
    invoke-direct {p0}, Ldev/hybridge/shell/ShellUpdates;->save()V
    const/4 v0, 0x0
    return v0

    :apply
    iget-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    iput-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->previous:Ljava/lang/String;
    iput-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    iput-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->trial:Ljava/lang/String;
    const-string v2, "applied"
    invoke-direct {p0, v0, v2, v1}, Ldev/hybridge/shell/ShellUpdates;->report(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V

    :changed
    invoke-direct {p0}, Ldev/hybridge/shell/ShellUpdates;->save()V
    invoke-direct {p0}, Ldev/hybridge/shell/ShellUpdates;->setRoot()V
    const/4 v0, 0x1
    return v0
.end method

# The folder of the current update, or null for the embedded bundle.
.method private setRoot()V
    .locals 3
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    const/4 v1, 0x0
    if-eqz v0, :set
    new-instance v1, Ljava/io/File;
    iget-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->dir:Ljava/io/File;
    invoke-direct {v1, v2, v0}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    :set
    iput-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->root:Ljava/io/File;
    return-void
.end method

# What ShellWebViewClient serves https://localhost from (its request threads read it): the
# current update's folder, or null for the APK's assets/www.
.method public bundleRoot()Ljava/io/File;
    .locals 1
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->root:Ljava/io/File;
    return-object v0
.end method

# The current update goes back (to the previous one, or the embedded bundle), is never applied
# again, and the server hears why. On the UI thread.
.method private rollBack(Ljava/lang/String;)V
    .locals 3
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    iget-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->bad:Ljava/lang/String;
    const-string v2, " "
    invoke-virtual {v1, v2}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v1, v0}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v1, v2}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    iput-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->bad:Ljava/lang/String;
    iget-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->previous:Ljava/lang/String;
    iput-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    const/4 v1, 0x0
    iput-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->previous:Ljava/lang/String;
    iput-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->trial:Ljava/lang/String;
    invoke-direct {p0}, Ldev/hybridge/shell/ShellUpdates;->save()V
    invoke-direct {p0}, Ldev/hybridge/shell/ShellUpdates;->setRoot()V
    const-string v1, "rolled-back"
    invoke-direct {p0, v0, v1, p1}, Ldev/hybridge/shell/ShellUpdates;->report(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    return-void
.end method

# After the first load of a start (or of updates.reload): an update on trial has 10 s to report
# ready, counted once per trial (a second activity does not restart them). The main looper's
# Handler runs the timeout on the UI thread, whatever becomes of the activity meanwhile.
.method public startTrial()V
    .locals 5
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->trial:Ljava/lang/String;
    if-eqz v0, :none
    iget-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->trialTimer:Ljava/lang/String;
    invoke-virtual {v0, v1}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    if-nez v1, :none
    iput-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->trialTimer:Ljava/lang/String;
    new-instance v1, Ldev/hybridge/shell/ShellUpdateTask;
    const-string v2, "trial"
    const/4 v3, 0x0
    invoke-direct {v1, p0, v2, v0, v3}, Ldev/hybridge/shell/ShellUpdateTask;-><init>(Ldev/hybridge/shell/ShellUpdates;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    new-instance v2, Landroid/os/Handler;
    invoke-static {}, Landroid/os/Looper;->getMainLooper()Landroid/os/Looper;
    move-result-object v3
    invoke-direct {v2, v3}, Landroid/os/Handler;-><init>(Landroid/os/Looper;)V
    const-wide/16 v3, 0x2710
    invoke-virtual {v2, v1, v3, v4}, Landroid/os/Handler;->postDelayed(Ljava/lang/Runnable;J)Z
    :none
    return-void
.end method

# The 10 s of update id are over (UI thread): still on trial, it is rolled back at once and the
# page reloads from the bundle before it.
.method trialTimeout(Ljava/lang/String;)V
    .locals 2
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->trial:Ljava/lang/String;
    invoke-virtual {p1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v0
    if-eqz v0, :ready
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    invoke-virtual {p1, v0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v0
    if-eqz v0, :ready
    const-string v0, "did not report ready within 10 s"
    invoke-direct {p0, v0}, Ldev/hybridge/shell/ShellUpdates;->rollBack(Ljava/lang/String;)V
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->activity:Landroid/app/Activity;
    instance-of v1, v0, Ldev/hybridge/shell/MainActivity;
    if-eqz v1, :ready
    check-cast v0, Ldev/hybridge/shell/MainActivity;
    invoke-virtual {v0}, Ldev/hybridge/shell/MainActivity;->reloadBundle()V
    :ready
    return-void
.end method

# updates.ready from the page (UI thread): only the update on trial, by its id, ends its trial; a
# ready of another id (a page of an older bundle) changes nothing.
.method public ready(Ljava/lang/String;)V
    .locals 2
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->trial:Ljava/lang/String;
    if-eqz v0, :ignored
    invoke-virtual {v0, p1}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v1
    if-eqz v1, :ignored
    const/4 v1, 0x0
    iput-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->trial:Ljava/lang/String;
    invoke-direct {p0}, Ldev/hybridge/shell/ShellUpdates;->save()V
    const-string v1, "ready"
    const/4 v0, 0x0
    invoke-direct {p0, p1, v1, v0}, Ldev/hybridge/shell/ShellUpdates;->report(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    :ignored
    return-void
.end method

# updates.current's answer: { id, channel, runtimeVersion, pending } (JSON; null for none).
.method public describe()Ljava/lang/String;
    .locals 5
    new-instance v0, Lorg/json/JSONObject;
    invoke-direct {v0}, Lorg/json/JSONObject;-><init>()V
    sget-object v1, Lorg/json/JSONObject;->NULL:Ljava/lang/Object;
    iget-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->config:Lorg/json/JSONObject;
    const/4 v3, 0x0
    move-object v4, v3
    if-eqz v2, :put
    const-string v3, "channel"
    invoke-virtual {v2, v3}, Lorg/json/JSONObject;->opt(Ljava/lang/String;)Ljava/lang/Object;
    move-result-object v3
    const-string v4, "runtimeVersion"
    invoke-virtual {v2, v4}, Lorg/json/JSONObject;->opt(Ljava/lang/String;)Ljava/lang/Object;
    move-result-object v4
    :put
    :try_start
    const-string v2, "channel"
    invoke-static {v3, v1}, Ldev/hybridge/shell/ShellUpdates;->orNull(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;
    move-result-object v3
    invoke-virtual {v0, v2, v3}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v2, "runtimeVersion"
    invoke-static {v4, v1}, Ldev/hybridge/shell/ShellUpdates;->orNull(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;
    move-result-object v4
    invoke-virtual {v0, v2, v4}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v2, "id"
    iget-object v3, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    invoke-static {v3, v1}, Ldev/hybridge/shell/ShellUpdates;->orNull(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;
    move-result-object v3
    invoke-virtual {v0, v2, v3}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v2, "pending"
    iget-object v3, p0, Ldev/hybridge/shell/ShellUpdates;->pending:Ljava/lang/String;
    invoke-static {v3, v1}, Ldev/hybridge/shell/ShellUpdates;->orNull(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;
    move-result-object v3
    invoke-virtual {v0, v2, v3}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    :try_end
    .catch Lorg/json/JSONException; {:try_start .. :try_end} :done
    :done
    invoke-virtual {v0}, Lorg/json/JSONObject;->toString()Ljava/lang/String;
    move-result-object v0
    return-object v0
.end method

# value, or JSONObject.NULL (p1) in its place: put(name, null) would leave the name out.
.method private static orNull(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;
    .locals 0
    if-nez p0, :value
    return-object p1
    :value
    return-object p0
.end method

# After the first page load of the process (MainActivity.onPageLoaded): the check starts on a
# thread of its own, once; the launch never waits for the network.
.method public checkInBackground()V
    .locals 4
    iget-boolean v0, p0, Ldev/hybridge/shell/ShellUpdates;->enabled:Z
    if-eqz v0, :skip
    iget-boolean v0, p0, Ldev/hybridge/shell/ShellUpdates;->checked:Z
    if-nez v0, :skip
    const/4 v0, 0x1
    iput-boolean v0, p0, Ldev/hybridge/shell/ShellUpdates;->checked:Z
    new-instance v0, Ldev/hybridge/shell/ShellUpdateTask;
    const-string v1, "check"
    const/4 v2, 0x0
    invoke-direct {v0, p0, v1, v2, v2}, Ldev/hybridge/shell/ShellUpdateTask;-><init>(Ldev/hybridge/shell/ShellUpdates;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    new-instance v1, Ljava/lang/Thread;
    invoke-direct {v1, v0}, Ljava/lang/Thread;-><init>(Ljava/lang/Runnable;)V
    invoke-virtual {v1}, Ljava/lang/Thread;->start()V
    :skip
    return-void
.end method

# The check (background thread): asks the server what this install should run; an offered update
# is downloaded, verified and unzipped (download), "embedded: true" makes the embedded bundle
# pending. A network failure of the check itself is silent: the next cold start asks again.
.method check()V
    .locals 8
    :try_start
    new-instance v0, Lorg/json/JSONObject;
    invoke-direct {v0}, Lorg/json/JSONObject;-><init>()V
    iget-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->config:Lorg/json/JSONObject;
    const-string v2, "appKey"
    invoke-virtual {v1, v2}, Lorg/json/JSONObject;->opt(Ljava/lang/String;)Ljava/lang/Object;
    move-result-object v3
    invoke-virtual {v0, v2, v3}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v2, "channel"
    const-string v3, "production"
    invoke-virtual {v1, v2, v3}, Lorg/json/JSONObject;->optString(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    invoke-virtual {v0, v2, v3}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v2, "runtimeVersion"
    invoke-virtual {v1, v2}, Lorg/json/JSONObject;->opt(Ljava/lang/String;)Ljava/lang/Object;
    move-result-object v3
    invoke-virtual {v0, v2, v3}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v2, "currentUpdateId"
    iget-object v3, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    sget-object v4, Lorg/json/JSONObject;->NULL:Ljava/lang/Object;
    invoke-static {v3, v4}, Ldev/hybridge/shell/ShellUpdates;->orNull(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;
    move-result-object v3
    invoke-virtual {v0, v2, v3}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v2, "installId"
    iget-object v3, p0, Ldev/hybridge/shell/ShellUpdates;->installId:Ljava/lang/String;
    invoke-virtual {v0, v2, v3}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;

    const-string v2, "/api/v1/updates/check"
    invoke-virtual {v0}, Lorg/json/JSONObject;->toString()Ljava/lang/String;
    move-result-object v0
    invoke-direct {p0, v2, v0}, Ldev/hybridge/shell/ShellUpdates;->post(Ljava/lang/String;Ljava/lang/String;)Lorg/json/JSONObject;
    move-result-object v0
    if-eqz v0, :done

    const-string v2, "update"
    invoke-virtual {v0, v2}, Lorg/json/JSONObject;->optJSONObject(Ljava/lang/String;)Lorg/json/JSONObject;
    move-result-object v2
    if-nez v2, :offered

    # The channel went back to the build's bundle: pending "embedded", applied at the next start.
    const-string v2, "embedded"
    invoke-virtual {v0, v2}, Lorg/json/JSONObject;->optBoolean(Ljava/lang/String;)Z
    move-result v3
    if-eqz v3, :done
    iget-object v3, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    if-eqz v3, :done
    invoke-direct {p0, v2}, Ldev/hybridge/shell/ShellUpdates;->postPending(Ljava/lang/String;)V
    goto :done

    :offered
    const-string v3, "id"
    invoke-virtual {v2, v3}, Lorg/json/JSONObject;->getString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v3
    # Rolled back here once: never again. Already downloaded and pending: nothing to do.
    iget-object v4, p0, Ldev/hybridge/shell/ShellUpdates;->bad:Ljava/lang/String;
    const-string v5, " "
    invoke-virtual {v5, v3}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v6
    invoke-virtual {v6, v5}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v6
    invoke-virtual {v4, v6}, Ljava/lang/String;->contains(Ljava/lang/CharSequence;)Z
    move-result v4
    if-nez v4, :done
    iget-object v4, p0, Ldev/hybridge/shell/ShellUpdates;->pending:Ljava/lang/String;
    invoke-virtual {v3, v4}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v4
    if-nez v4, :done
    iget-object v4, p0, Ldev/hybridge/shell/ShellUpdates;->current:Ljava/lang/String;
    invoke-virtual {v3, v4}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v4
    if-nez v4, :done
    invoke-direct {p0, v2, v3}, Ldev/hybridge/shell/ShellUpdates;->download(Lorg/json/JSONObject;Ljava/lang/String;)V
    :try_end
    .catch Ljava/lang/Exception; {:try_start .. :try_end} :done
    :done
    return-void
.end method

# Records id as pending on the UI thread, where the state changes.
.method private postPending(Ljava/lang/String;)V
    .locals 3
    new-instance v0, Ldev/hybridge/shell/ShellUpdateTask;
    const-string v1, "pending"
    const/4 v2, 0x0
    invoke-direct {v0, p0, v1, p1, v2}, Ldev/hybridge/shell/ShellUpdateTask;-><init>(Ldev/hybridge/shell/ShellUpdates;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    iget-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->activity:Landroid/app/Activity;
    invoke-virtual {v1, v0}, Landroid/app/Activity;->runOnUiThread(Ljava/lang/Runnable;)V
    return-void
.end method

# The download of an offered update (background thread), by downloadInto: then pending (applied
# at the next cold start) and reported downloaded; a folder already here (verified before it was
# renamed into place: the previous update a channel went back to) is pending again without a
# download; a failure leaves the running bundle as it is and is reported.
.method private download(Lorg/json/JSONObject;Ljava/lang/String;)V
    .locals 3
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdates;->config:Lorg/json/JSONObject;
    const-string v1, "updatePublicKey"
    invoke-virtual {v0, v1}, Lorg/json/JSONObject;->optString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    iget-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->dir:Ljava/io/File;
    invoke-static {p1, p2, v1, v0}, Ldev/hybridge/shell/ShellUpdates;->downloadInto(Lorg/json/JSONObject;Ljava/lang/String;Ljava/io/File;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    if-nez v0, :not_new
    invoke-direct {p0, p2}, Ldev/hybridge/shell/ShellUpdates;->postPending(Ljava/lang/String;)V
    const-string v1, "downloaded"
    const/4 v2, 0x0
    invoke-virtual {p0, p2, v1, v2}, Ldev/hybridge/shell/ShellUpdates;->send(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    return-void
    :not_new
    invoke-virtual {v0}, Ljava/lang/String;->isEmpty()Z
    move-result v1
    if-eqz v1, :failed
    invoke-direct {p0, p2}, Ldev/hybridge/shell/ShellUpdates;->postPending(Ljava/lang/String;)V
    return-void
    :failed
    const-string v1, "failed"
    invoke-virtual {p0, p2, v1, v0}, Ldev/hybridge/shell/ShellUpdates;->send(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    return-void
.end method

# An update (p0: { url, sha256, signature, size }) into folder p2 as p2/<id>/ (p1), verified with
# the update key p3 (base64 SPKI) — the shell's updates and the dev app's previews (DevLinkFetch)
# alike. Fetched into <id>.part (kept when the network fails, to resume), checked (size, SHA-256,
# signature: a bad one is deleted), unzipped into <id>.tmp/, renamed to <id>/. Background thread.
# Answers null (downloaded now), "" (the folder was here already: verified before it was renamed
# into place) or why it failed ("download: …", "refused: …"); a failure leaves no <id>/ folder.
.method static downloadInto(Lorg/json/JSONObject;Ljava/lang/String;Ljava/io/File;Ljava/lang/String;)Ljava/lang/String;
    .locals 8
    new-instance v0, Ljava/io/File;
    const-string v1, ".part"
    invoke-virtual {p1, v1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-direct {v0, p2, v1}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    new-instance v1, Ljava/io/File;
    const-string v2, ".tmp"
    invoke-virtual {p1, v2}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v2
    invoke-direct {v1, p2, v2}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    new-instance v2, Ljava/io/File;
    invoke-direct {v2, p2, p1}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    invoke-virtual {p2}, Ljava/io/File;->mkdirs()Z
    invoke-virtual {v2}, Ljava/io/File;->isDirectory()Z
    move-result v3
    if-eqz v3, :download
    const-string v3, ""
    return-object v3

    # v0 .part, v1 .tmp/, v2 the folder.
    :download
    :try_start_fetch
    const-string v3, "size"
    invoke-virtual {p0, v3}, Lorg/json/JSONObject;->getLong(Ljava/lang/String;)J
    move-result-wide v3
    const-string v5, "url"
    invoke-virtual {p0, v5}, Lorg/json/JSONObject;->getString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v5
    invoke-static {v5, v0, v3, v4}, Ldev/hybridge/shell/ShellUpdates;->fetch(Ljava/lang/String;Ljava/io/File;J)V
    :try_end_fetch
    .catch Ljava/lang/Exception; {:try_start_fetch .. :try_end_fetch} :fetch_failed

    :try_start_check
    invoke-static {v0, p0, p3}, Ldev/hybridge/shell/ShellUpdates;->verify(Ljava/io/File;Lorg/json/JSONObject;Ljava/lang/String;)V
    invoke-static {v0, v1}, Ldev/hybridge/shell/ShellUpdates;->unzip(Ljava/io/File;Ljava/io/File;)V
    invoke-static {v2}, Ldev/hybridge/shell/ShellUpdates;->deleteTree(Ljava/io/File;)V
    invoke-virtual {v1, v2}, Ljava/io/File;->renameTo(Ljava/io/File;)Z
    move-result v6
    if-nez v6, :renamed
    new-instance v6, Ljava/io/IOException;
    const-string v7, "could not rename the unzipped folder"
    invoke-direct {v6, v7}, Ljava/io/IOException;-><init>(Ljava/lang/String;)V
    throw v6
    :renamed
    :try_end_check
    .catch Ljava/lang/Exception; {:try_start_check .. :try_end_check} :check_failed

    invoke-virtual {v0}, Ljava/io/File;->delete()Z
    const/4 v3, 0x0
    return-object v3

    # Kept for the next start's Range request (a cut connection, the app closed).
    :fetch_failed
    move-exception v5
    const-string v6, "download: "
    goto :failed

    # A wrong size, hash or signature, or a bad zip: none of its bytes are reused.
    :check_failed
    move-exception v5
    invoke-virtual {v0}, Ljava/io/File;->delete()Z
    const-string v6, "refused: "

    :failed
    invoke-static {v1}, Ldev/hybridge/shell/ShellUpdates;->deleteTree(Ljava/io/File;)V
    invoke-virtual {v5}, Ljava/lang/Throwable;->toString()Ljava/lang/String;
    move-result-object v5
    invoke-virtual {v6, v5}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v5
    return-object v5
.end method

# Fetches url into part: what part already holds is asked for again from its end (Range), and a
# server that answers the whole file (200) restarts it; complete (size bytes) already, no request.
.method private static fetch(Ljava/lang/String;Ljava/io/File;J)V
    .locals 8
    .annotation system Ldalvik/annotation/Throws;
        value = {
            Ljava/io/IOException;
        }
    .end annotation
    invoke-virtual {p1}, Ljava/io/File;->length()J
    move-result-wide v0
    cmp-long v2, v0, p2
    if-ltz v2, :fetch
    return-void

    :fetch
    new-instance v2, Ljava/net/URL;
    invoke-direct {v2, p0}, Ljava/net/URL;-><init>(Ljava/lang/String;)V
    invoke-virtual {v2}, Ljava/net/URL;->openConnection()Ljava/net/URLConnection;
    move-result-object v2
    check-cast v2, Ljava/net/HttpURLConnection;
    const/16 v3, 0x3a98
    invoke-virtual {v2, v3}, Ljava/net/HttpURLConnection;->setConnectTimeout(I)V
    const/16 v3, 0x7530
    invoke-virtual {v2, v3}, Ljava/net/HttpURLConnection;->setReadTimeout(I)V
    const-wide/16 v3, 0x0
    cmp-long v3, v0, v3
    if-lez v3, :no_range
    const-string v3, "Range"
    new-instance v4, Ljava/lang/StringBuilder;
    const-string v5, "bytes="
    invoke-direct {v4, v5}, Ljava/lang/StringBuilder;-><init>(Ljava/lang/String;)V
    invoke-virtual {v4, v0, v1}, Ljava/lang/StringBuilder;->append(J)Ljava/lang/StringBuilder;
    const-string v5, "-"
    invoke-virtual {v4, v5}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    invoke-virtual {v4}, Ljava/lang/StringBuilder;->toString()Ljava/lang/String;
    move-result-object v4
    invoke-virtual {v2, v3, v4}, Ljava/net/HttpURLConnection;->setRequestProperty(Ljava/lang/String;Ljava/lang/String;)V
    :no_range

    # v3: append (206, the rest) or not (200, the whole file again).
    invoke-virtual {v2}, Ljava/net/HttpURLConnection;->getResponseCode()I
    move-result v4
    const/16 v5, 0xce
    const/4 v3, 0x1
    if-eq v4, v5, :open
    const/16 v5, 0xc8
    const/4 v3, 0x0
    if-eq v4, v5, :open
    invoke-virtual {v2}, Ljava/net/HttpURLConnection;->disconnect()V
    new-instance v5, Ljava/io/IOException;
    const-string v6, "HTTP "
    invoke-static {v4}, Ljava/lang/String;->valueOf(I)Ljava/lang/String;
    move-result-object v7
    invoke-virtual {v6, v7}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v6
    invoke-direct {v5, v6}, Ljava/io/IOException;-><init>(Ljava/lang/String;)V
    throw v5

    :open
    invoke-virtual {v2}, Ljava/net/HttpURLConnection;->getInputStream()Ljava/io/InputStream;
    move-result-object v4
    new-instance v5, Ljava/io/FileOutputStream;
    invoke-direct {v5, p1, v3}, Ljava/io/FileOutputStream;-><init>(Ljava/io/File;Z)V
    :try_start
    invoke-static {v4, v5}, Ldev/hybridge/shell/ShellUpdates;->copy(Ljava/io/InputStream;Ljava/io/OutputStream;)V
    :try_end
    .catchall {:try_start .. :try_end} :close
    invoke-virtual {v5}, Ljava/io/FileOutputStream;->close()V
    invoke-virtual {v4}, Ljava/io/InputStream;->close()V
    invoke-virtual {v2}, Ljava/net/HttpURLConnection;->disconnect()V
    # A connection closed early can look like the stream's end (a server without Content-Length,
    # some stacks): short of the size, it is a cut download, kept for the next Range request.
    invoke-virtual {p1}, Ljava/io/File;->length()J
    move-result-wide v0
    cmp-long v0, v0, p2
    if-gez v0, :complete
    new-instance v0, Ljava/io/IOException;
    const-string v1, "the connection ended before the whole update arrived"
    invoke-direct {v0, v1}, Ljava/io/IOException;-><init>(Ljava/lang/String;)V
    throw v0
    :complete
    return-void

    # What arrived before the cut stays in part (written through, no buffer to lose).
    :close
    move-exception v6
    invoke-virtual {v5}, Ljava/io/FileOutputStream;->close()V
    invoke-virtual {v2}, Ljava/net/HttpURLConnection;->disconnect()V
    throw v6
.end method

# The downloaded zip p0 is the one the server signed (p1: the update's answer): its size, its
# SHA-256 (hex) and its ECDSA P-256 signature (SHA256withECDSA, DER in base 64) by the update key
# p2 (X.509 SubjectPublicKeyInfo in base 64: hybridge.json's, or a preview's), all over the file's
# bytes in one pass. Throws when any differs.
.method private static verify(Ljava/io/File;Lorg/json/JSONObject;Ljava/lang/String;)V
    .locals 8
    .annotation system Ldalvik/annotation/Throws;
        value = {
            Ljava/lang/Exception;
        }
    .end annotation
    invoke-virtual {p0}, Ljava/io/File;->length()J
    move-result-wide v0
    const-string v2, "size"
    invoke-virtual {p1, v2}, Lorg/json/JSONObject;->getLong(Ljava/lang/String;)J
    move-result-wide v2
    cmp-long v0, v0, v2
    if-eqz v0, :size_ok
    new-instance v0, Ljava/io/IOException;
    const-string v1, "the download's size is not the update's"
    invoke-direct {v0, v1}, Ljava/io/IOException;-><init>(Ljava/lang/String;)V
    throw v0
    :size_ok

    const-string v0, "SHA-256"
    invoke-static {v0}, Ljava/security/MessageDigest;->getInstance(Ljava/lang/String;)Ljava/security/MessageDigest;
    move-result-object v0
    const-string v1, "EC"
    invoke-static {v1}, Ljava/security/KeyFactory;->getInstance(Ljava/lang/String;)Ljava/security/KeyFactory;
    move-result-object v1
    new-instance v2, Ljava/security/spec/X509EncodedKeySpec;
    move-object v3, p2
    const/4 v4, 0x0
    invoke-static {v3, v4}, Landroid/util/Base64;->decode(Ljava/lang/String;I)[B
    move-result-object v3
    invoke-direct {v2, v3}, Ljava/security/spec/X509EncodedKeySpec;-><init>([B)V
    invoke-virtual {v1, v2}, Ljava/security/KeyFactory;->generatePublic(Ljava/security/spec/KeySpec;)Ljava/security/PublicKey;
    move-result-object v1
    const-string v2, "SHA256withECDSA"
    invoke-static {v2}, Ljava/security/Signature;->getInstance(Ljava/lang/String;)Ljava/security/Signature;
    move-result-object v2
    invoke-virtual {v2, v1}, Ljava/security/Signature;->initVerify(Ljava/security/PublicKey;)V

    new-instance v1, Ljava/io/FileInputStream;
    invoke-direct {v1, p0}, Ljava/io/FileInputStream;-><init>(Ljava/io/File;)V
    const/16 v3, 0x2000
    new-array v3, v3, [B
    :read
    invoke-virtual {v1, v3}, Ljava/io/FileInputStream;->read([B)I
    move-result v5
    if-ltz v5, :all_read
    const/4 v6, 0x0
    invoke-virtual {v0, v3, v6, v5}, Ljava/security/MessageDigest;->update([BII)V
    invoke-virtual {v2, v3, v6, v5}, Ljava/security/Signature;->update([BII)V
    goto :read
    :all_read
    invoke-virtual {v1}, Ljava/io/FileInputStream;->close()V

    invoke-virtual {v0}, Ljava/security/MessageDigest;->digest()[B
    move-result-object v0
    invoke-static {v0}, Ldev/hybridge/shell/ShellUpdates;->hex([B)Ljava/lang/String;
    move-result-object v0
    const-string v1, "sha256"
    invoke-virtual {p1, v1}, Lorg/json/JSONObject;->getString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v0, v1}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v0
    if-nez v0, :hash_ok
    new-instance v0, Ljava/io/IOException;
    const-string v1, "the download's SHA-256 is not the update's"
    invoke-direct {v0, v1}, Ljava/io/IOException;-><init>(Ljava/lang/String;)V
    throw v0
    :hash_ok

    const-string v0, "signature"
    invoke-virtual {p1, v0}, Lorg/json/JSONObject;->getString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    invoke-static {v0, v4}, Landroid/util/Base64;->decode(Ljava/lang/String;I)[B
    move-result-object v0
    invoke-virtual {v2, v0}, Ljava/security/Signature;->verify([B)Z
    move-result v0
    if-nez v0, :signed
    new-instance v0, Ljava/io/IOException;
    const-string v1, "the update's signature does not verify with the app's update key"
    invoke-direct {v0, v1}, Ljava/io/IOException;-><init>(Ljava/lang/String;)V
    throw v0
    :signed
    return-void
.end method

# Bytes as lower-case hex.
.method private static hex([B)Ljava/lang/String;
    .locals 5
    new-instance v0, Ljava/lang/StringBuilder;
    invoke-direct {v0}, Ljava/lang/StringBuilder;-><init>()V
    array-length v1, p0
    const/4 v2, 0x0
    :loop
    if-ge v2, v1, :end
    aget-byte v3, p0, v2
    and-int/lit16 v3, v3, 0xff
    or-int/lit16 v3, v3, 0x100
    invoke-static {v3}, Ljava/lang/Integer;->toHexString(I)Ljava/lang/String;
    move-result-object v3
    const/4 v4, 0x1
    invoke-virtual {v3, v4}, Ljava/lang/String;->substring(I)Ljava/lang/String;
    move-result-object v3
    invoke-virtual {v0, v3}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    add-int/lit8 v2, v2, 0x1
    goto :loop
    :end
    invoke-virtual {v0}, Ljava/lang/StringBuilder;->toString()Ljava/lang/String;
    move-result-object v0
    return-object v0
.end method

# The zip's files into a fresh folder. An entry that would land outside it is refused, the whole
# zip with it: an absolute name, a backslash, or a name whose canonical path (".." resolved,
# symbolic links followed) leaves the folder. A bundle without index.html at its root is refused.
.method private static unzip(Ljava/io/File;Ljava/io/File;)V
    .locals 7
    .annotation system Ldalvik/annotation/Throws;
        value = {
            Ljava/io/IOException;
        }
    .end annotation
    invoke-static {p1}, Ldev/hybridge/shell/ShellUpdates;->deleteTree(Ljava/io/File;)V
    invoke-virtual {p1}, Ljava/io/File;->mkdirs()Z
    invoke-virtual {p1}, Ljava/io/File;->getCanonicalPath()Ljava/lang/String;
    move-result-object v0
    const-string v1, "/"
    invoke-virtual {v0, v1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0

    new-instance v1, Ljava/util/zip/ZipInputStream;
    new-instance v2, Ljava/io/FileInputStream;
    invoke-direct {v2, p0}, Ljava/io/FileInputStream;-><init>(Ljava/io/File;)V
    invoke-direct {v1, v2}, Ljava/util/zip/ZipInputStream;-><init>(Ljava/io/InputStream;)V
    :try_start
    :next
    invoke-virtual {v1}, Ljava/util/zip/ZipInputStream;->getNextEntry()Ljava/util/zip/ZipEntry;
    move-result-object v2
    if-eqz v2, :end
    invoke-virtual {v2}, Ljava/util/zip/ZipEntry;->getName()Ljava/lang/String;
    move-result-object v3
    const-string v4, "/"
    invoke-virtual {v3, v4}, Ljava/lang/String;->startsWith(Ljava/lang/String;)Z
    move-result v4
    if-nez v4, :outside
    const-string v4, "\\"
    invoke-virtual {v3, v4}, Ljava/lang/String;->contains(Ljava/lang/CharSequence;)Z
    move-result v4
    if-nez v4, :outside
    new-instance v4, Ljava/io/File;
    invoke-direct {v4, p1, v3}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    invoke-virtual {v4}, Ljava/io/File;->getCanonicalPath()Ljava/lang/String;
    move-result-object v5
    const-string v6, "/"
    invoke-virtual {v5, v6}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v5
    invoke-virtual {v5, v0}, Ljava/lang/String;->startsWith(Ljava/lang/String;)Z
    move-result v5
    if-eqz v5, :outside
    invoke-virtual {v2}, Ljava/util/zip/ZipEntry;->isDirectory()Z
    move-result v5
    if-eqz v5, :file
    invoke-virtual {v4}, Ljava/io/File;->mkdirs()Z
    goto :next
    :file
    invoke-virtual {v4}, Ljava/io/File;->getParentFile()Ljava/io/File;
    move-result-object v5
    invoke-virtual {v5}, Ljava/io/File;->mkdirs()Z
    new-instance v5, Ljava/io/FileOutputStream;
    invoke-direct {v5, v4}, Ljava/io/FileOutputStream;-><init>(Ljava/io/File;)V
    invoke-static {v1, v5}, Ldev/hybridge/shell/ShellUpdates;->copy(Ljava/io/InputStream;Ljava/io/OutputStream;)V
    invoke-virtual {v5}, Ljava/io/FileOutputStream;->close()V
    goto :next

    :outside
    new-instance v4, Ljava/io/IOException;
    const-string v5, "a zip entry is outside the bundle's folder: "
    invoke-virtual {v5, v3}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v5
    invoke-direct {v4, v5}, Ljava/io/IOException;-><init>(Ljava/lang/String;)V
    throw v4
    :try_end
    .catchall {:try_start .. :try_end} :close

    :end
    invoke-virtual {v1}, Ljava/util/zip/ZipInputStream;->close()V
    new-instance v2, Ljava/io/File;
    const-string v3, "index.html"
    invoke-direct {v2, p1, v3}, Ljava/io/File;-><init>(Ljava/io/File;Ljava/lang/String;)V
    invoke-virtual {v2}, Ljava/io/File;->isFile()Z
    move-result v2
    if-nez v2, :complete
    new-instance v2, Ljava/io/IOException;
    const-string v3, "the bundle has no index.html at its root"
    invoke-direct {v2, v3}, Ljava/io/IOException;-><init>(Ljava/lang/String;)V
    throw v2
    :complete
    return-void

    :close
    move-exception v2
    invoke-virtual {v1}, Ljava/util/zip/ZipInputStream;->close()V
    throw v2
.end method

# A file or a folder with everything in it (a folder's symbolic links are removed, not followed:
# File.delete of a link deletes the link).
.method static deleteTree(Ljava/io/File;)V
    .locals 4
    invoke-virtual {p0}, Ljava/io/File;->listFiles()[Ljava/io/File;
    move-result-object v0
    if-eqz v0, :delete
    array-length v1, v0
    const/4 v2, 0x0
    :loop
    if-ge v2, v1, :delete
    aget-object v3, v0, v2
    invoke-static {v3}, Ldev/hybridge/shell/ShellUpdates;->deleteTree(Ljava/io/File;)V
    add-int/lit8 v2, v2, 0x1
    goto :loop
    :delete
    invoke-virtual {p0}, Ljava/io/File;->delete()Z
    return-void
.end method

# A POST of JSON to the server's path (background thread); the answer's JSON when it is 200, null
# otherwise (a report's 204, an error: the shell never retries in a loop).
.method private post(Ljava/lang/String;Ljava/lang/String;)Lorg/json/JSONObject;
    .locals 5
    .annotation system Ldalvik/annotation/Throws;
        value = {
            Ljava/lang/Exception;
        }
    .end annotation
    new-instance v0, Ljava/net/URL;
    iget-object v1, p0, Ldev/hybridge/shell/ShellUpdates;->config:Lorg/json/JSONObject;
    const-string v2, "server"
    invoke-virtual {v1, v2}, Lorg/json/JSONObject;->getString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-virtual {v1, p1}, Ljava/lang/String;->concat(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v1
    invoke-direct {v0, v1}, Ljava/net/URL;-><init>(Ljava/lang/String;)V
    invoke-virtual {v0}, Ljava/net/URL;->openConnection()Ljava/net/URLConnection;
    move-result-object v0
    check-cast v0, Ljava/net/HttpURLConnection;
    const/16 v1, 0x3a98
    invoke-virtual {v0, v1}, Ljava/net/HttpURLConnection;->setConnectTimeout(I)V
    invoke-virtual {v0, v1}, Ljava/net/HttpURLConnection;->setReadTimeout(I)V
    const-string v1, "POST"
    invoke-virtual {v0, v1}, Ljava/net/HttpURLConnection;->setRequestMethod(Ljava/lang/String;)V
    const/4 v1, 0x1
    invoke-virtual {v0, v1}, Ljava/net/HttpURLConnection;->setDoOutput(Z)V
    const-string v1, "Content-Type"
    const-string v2, "application/json"
    invoke-virtual {v0, v1, v2}, Ljava/net/HttpURLConnection;->setRequestProperty(Ljava/lang/String;Ljava/lang/String;)V
    invoke-virtual {v0}, Ljava/net/HttpURLConnection;->getOutputStream()Ljava/io/OutputStream;
    move-result-object v1
    const-string v2, "UTF-8"
    invoke-virtual {p2, v2}, Ljava/lang/String;->getBytes(Ljava/lang/String;)[B
    move-result-object v2
    invoke-virtual {v1, v2}, Ljava/io/OutputStream;->write([B)V
    invoke-virtual {v1}, Ljava/io/OutputStream;->close()V
    invoke-virtual {v0}, Ljava/net/HttpURLConnection;->getResponseCode()I
    move-result v1
    const/4 v2, 0x0
    const/16 v3, 0xc8
    if-ne v1, v3, :answer
    invoke-virtual {v0}, Ljava/net/HttpURLConnection;->getInputStream()Ljava/io/InputStream;
    move-result-object v3
    invoke-static {v3}, Ldev/hybridge/shell/ShellUpdates;->readAll(Ljava/io/InputStream;)Ljava/lang/String;
    move-result-object v3
    new-instance v2, Lorg/json/JSONObject;
    invoke-direct {v2, v3}, Lorg/json/JSONObject;-><init>(Ljava/lang/String;)V
    :answer
    invoke-virtual {v0}, Ljava/net/HttpURLConnection;->disconnect()V
    return-object v2
.end method

# An event for the server's counts, sent on a thread of its own (callers on the UI thread).
.method private report(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    .locals 2
    iget-boolean v0, p0, Ldev/hybridge/shell/ShellUpdates;->enabled:Z
    if-eqz v0, :off
    new-instance v0, Ldev/hybridge/shell/ShellUpdateTask;
    invoke-direct {v0, p0, p2, p1, p3}, Ldev/hybridge/shell/ShellUpdateTask;-><init>(Ldev/hybridge/shell/ShellUpdates;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    new-instance v1, Ljava/lang/Thread;
    invoke-direct {v1, v0}, Ljava/lang/Thread;-><init>(Ljava/lang/Runnable;)V
    invoke-virtual {v1}, Ljava/lang/Thread;->start()V
    :off
    return-void
.end method

# POST /api/v1/updates/report (background thread): { appKey, installId, updateId, event, reason }.
# A lost report is lost: counts are for the console, never a reason to retry.
.method send(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    .locals 4
    iget-boolean v0, p0, Ldev/hybridge/shell/ShellUpdates;->enabled:Z
    if-eqz v0, :done
    :try_start
    new-instance v0, Lorg/json/JSONObject;
    invoke-direct {v0}, Lorg/json/JSONObject;-><init>()V
    const-string v1, "appKey"
    iget-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->config:Lorg/json/JSONObject;
    invoke-virtual {v2, v1}, Lorg/json/JSONObject;->opt(Ljava/lang/String;)Ljava/lang/Object;
    move-result-object v2
    invoke-virtual {v0, v1, v2}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v1, "installId"
    iget-object v2, p0, Ldev/hybridge/shell/ShellUpdates;->installId:Ljava/lang/String;
    invoke-virtual {v0, v1, v2}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v1, "updateId"
    invoke-virtual {v0, v1, p1}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v1, "event"
    invoke-virtual {v0, v1, p2}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    # At most 500 characters, as the server takes.
    if-eqz p3, :send
    invoke-virtual {p3}, Ljava/lang/String;->length()I
    move-result v1
    const/16 v2, 0x1f4
    if-le v1, v2, :put_reason
    const/4 v1, 0x0
    invoke-virtual {p3, v1, v2}, Ljava/lang/String;->substring(II)Ljava/lang/String;
    move-result-object p3
    :put_reason
    const-string v1, "reason"
    invoke-virtual {v0, v1, p3}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    :send
    const-string v1, "/api/v1/updates/report"
    invoke-virtual {v0}, Lorg/json/JSONObject;->toString()Ljava/lang/String;
    move-result-object v0
    invoke-direct {p0, v1, v0}, Ldev/hybridge/shell/ShellUpdates;->post(Ljava/lang/String;Ljava/lang/String;)Lorg/json/JSONObject;
    :try_end
    .catch Ljava/lang/Exception; {:try_start .. :try_end} :done
    :done
    return-void
.end method

# A download is complete (posted to the UI thread): applied at the next cold start, or now by
# updates.reload.
.method setPending(Ljava/lang/String;)V
    .locals 0
    iput-object p1, p0, Ldev/hybridge/shell/ShellUpdates;->pending:Ljava/lang/String;
    invoke-direct {p0}, Ldev/hybridge/shell/ShellUpdates;->save()V
    return-void
.end method
