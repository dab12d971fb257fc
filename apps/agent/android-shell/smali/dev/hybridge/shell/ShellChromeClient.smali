# What a page asks of the phone through the WebView: files (<input type=file>, the SDK's
# device.openGallery), the camera and microphone (getUserMedia), the location (geolocation), and
# the dialogs (alert, confirm, prompt), which the base class already shows.
#
# A permission is granted to the page only when the app holds it: held already, or granted by the
# user now in Android's own dialog. The app asks only for what its manifest declares (the build
# declares only what the bundle needs); anything else, and every resource with no Android
# permission behind it, is denied — never granted wholesale.
.class public Ldev/hybridge/shell/ShellChromeClient;
.super Landroid/webkit/WebChromeClient;
.source "ShellChromeClient.smali"

.field private final activity:Landroid/app/Activity;

# The questions waiting for the system's answer; each is answered exactly once.
.field private files:Landroid/webkit/ValueCallback;
.field private media:Landroid/webkit/PermissionRequest;
.field private locationOrigin:Ljava/lang/String;
.field private location:Landroid/webkit/GeolocationPermissions$Callback;

.method public constructor <init>(Landroid/app/Activity;)V
    .locals 0
    invoke-direct {p0}, Landroid/webkit/WebChromeClient;-><init>()V
    iput-object p1, p0, Ldev/hybridge/shell/ShellChromeClient;->activity:Landroid/app/Activity;
    return-void
.end method

# The page's file input: the system's picker for the types it accepts (the SDK's gallery asks
# for image/*), several files when the input says multiple. The WebView waits for an answer to
# the callback, so every path answers it, with null when nothing was picked.
.method public onShowFileChooser(Landroid/webkit/WebView;Landroid/webkit/ValueCallback;Landroid/webkit/WebChromeClient$FileChooserParams;)Z
    .locals 4

    # A picker still open from before is over: its input gets no files.
    const/4 v0, 0x0
    invoke-direct {p0, v0}, Ldev/hybridge/shell/ShellChromeClient;->answerFiles([Landroid/net/Uri;)V

    invoke-virtual {p3}, Landroid/webkit/WebChromeClient$FileChooserParams;->createIntent()Landroid/content/Intent;
    move-result-object v0
    invoke-virtual {p3}, Landroid/webkit/WebChromeClient$FileChooserParams;->getMode()I
    move-result v1
    const/4 v2, 0x1
    if-ne v1, v2, :single
    # FileChooserParams.MODE_OPEN_MULTIPLE; createIntent does not say so itself.
    const-string v1, "android.intent.extra.ALLOW_MULTIPLE"
    invoke-virtual {v0, v1, v2}, Landroid/content/Intent;->putExtra(Ljava/lang/String;Z)Landroid/content/Intent;
    :single

    iput-object p2, p0, Ldev/hybridge/shell/ShellChromeClient;->files:Landroid/webkit/ValueCallback;
    iget-object v1, p0, Ldev/hybridge/shell/ShellChromeClient;->activity:Landroid/app/Activity;
    const/16 v3, 0x4801
    :try_start
    invoke-virtual {v1, v0, v3}, Landroid/app/Activity;->startActivityForResult(Landroid/content/Intent;I)V
    :try_end
    .catch Landroid/content/ActivityNotFoundException; {:try_start .. :try_end} :no_picker
    return v2

    # No app on the phone picks such files.
    :no_picker
    const/4 v0, 0x0
    invoke-direct {p0, v0}, Ldev/hybridge/shell/ShellChromeClient;->answerFiles([Landroid/net/Uri;)V
    return v2
.end method

# The picker's result (MainActivity.onActivityResult): true when it was this client's. Several
# files come as ClipData; one as the intent's data, which parseResult reads (null on cancel).
.method public onActivityResult(IILandroid/content/Intent;)Z
    .locals 6
    const/16 v0, 0x4801
    if-eq p1, v0, :files
    const/4 v0, 0x0
    return v0

    :files
    const/4 v0, 0x0
    const/4 v1, -0x1
    if-ne p2, v1, :answer
    if-eqz p3, :answer
    invoke-virtual {p3}, Landroid/content/Intent;->getClipData()Landroid/content/ClipData;
    move-result-object v1
    if-eqz v1, :one_file
    invoke-virtual {v1}, Landroid/content/ClipData;->getItemCount()I
    move-result v2
    if-lez v2, :one_file
    new-array v0, v2, [Landroid/net/Uri;
    const/4 v3, 0x0
    :next_item
    if-ge v3, v2, :answer
    invoke-virtual {v1, v3}, Landroid/content/ClipData;->getItemAt(I)Landroid/content/ClipData$Item;
    move-result-object v4
    invoke-virtual {v4}, Landroid/content/ClipData$Item;->getUri()Landroid/net/Uri;
    move-result-object v4
    aput-object v4, v0, v3
    add-int/lit8 v3, v3, 0x1
    goto :next_item

    :one_file
    invoke-static {p2, p3}, Landroid/webkit/WebChromeClient$FileChooserParams;->parseResult(ILandroid/content/Intent;)[Landroid/net/Uri;
    move-result-object v0

    :answer
    invoke-direct {p0, v0}, Ldev/hybridge/shell/ShellChromeClient;->answerFiles([Landroid/net/Uri;)V
    const/4 v0, 0x1
    return v0
.end method

.method private answerFiles([Landroid/net/Uri;)V
    .locals 2
    iget-object v0, p0, Ldev/hybridge/shell/ShellChromeClient;->files:Landroid/webkit/ValueCallback;
    if-eqz v0, :none
    const/4 v1, 0x0
    iput-object v1, p0, Ldev/hybridge/shell/ShellChromeClient;->files:Landroid/webkit/ValueCallback;
    invoke-interface {v0, p1}, Landroid/webkit/ValueCallback;->onReceiveValue(Ljava/lang/Object;)V
    :none
    return-void
.end method

# getUserMedia: the camera and the microphone, each behind its Android permission. The ones the
# manifest declares and the user has not granted yet are asked for; the answer comes to
# onRequestPermissionsResult.
.method public onPermissionRequest(Landroid/webkit/PermissionRequest;)V
    .locals 7

    # One question at a time: an older one still waiting is refused.
    iget-object v0, p0, Ldev/hybridge/shell/ShellChromeClient;->media:Landroid/webkit/PermissionRequest;
    if-eqz v0, :ask
    const/4 v1, 0x0
    iput-object v1, p0, Ldev/hybridge/shell/ShellChromeClient;->media:Landroid/webkit/PermissionRequest;
    invoke-virtual {v0}, Landroid/webkit/PermissionRequest;->deny()V

    :ask
    new-instance v0, Ljava/util/ArrayList;
    invoke-direct {v0}, Ljava/util/ArrayList;-><init>()V
    invoke-virtual {p1}, Landroid/webkit/PermissionRequest;->getResources()[Ljava/lang/String;
    move-result-object v1
    array-length v2, v1
    const/4 v3, 0x0
    :next_resource
    if-ge v3, v2, :asked
    aget-object v4, v1, v3
    invoke-static {v4}, Ldev/hybridge/shell/ShellChromeClient;->permissionFor(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v4
    if-eqz v4, :skip
    invoke-direct {p0, v4}, Ldev/hybridge/shell/ShellChromeClient;->isGranted(Ljava/lang/String;)Z
    move-result v5
    if-nez v5, :skip
    invoke-direct {p0, v4}, Ldev/hybridge/shell/ShellChromeClient;->isDeclared(Ljava/lang/String;)Z
    move-result v5
    if-eqz v5, :skip
    invoke-virtual {v0, v4}, Ljava/util/ArrayList;->add(Ljava/lang/Object;)Z
    :skip
    add-int/lit8 v3, v3, 0x1
    goto :next_resource

    :asked
    invoke-virtual {v0}, Ljava/util/ArrayList;->isEmpty()Z
    move-result v2
    if-eqz v2, :request
    invoke-direct {p0, p1}, Ldev/hybridge/shell/ShellChromeClient;->answerMedia(Landroid/webkit/PermissionRequest;)V
    return-void

    :request
    iput-object p1, p0, Ldev/hybridge/shell/ShellChromeClient;->media:Landroid/webkit/PermissionRequest;
    invoke-static {v0}, Ldev/hybridge/shell/ShellChromeClient;->toArray(Ljava/util/ArrayList;)[Ljava/lang/String;
    move-result-object v0
    iget-object v1, p0, Ldev/hybridge/shell/ShellChromeClient;->activity:Landroid/app/Activity;
    const/16 v2, 0x4802
    invoke-virtual {v1, v0, v2}, Landroid/app/Activity;->requestPermissions([Ljava/lang/String;I)V
    return-void
.end method

# The page gets the resources whose permission the app now holds; none of them: denied.
.method private answerMedia(Landroid/webkit/PermissionRequest;)V
    .locals 6
    new-instance v0, Ljava/util/ArrayList;
    invoke-direct {v0}, Ljava/util/ArrayList;-><init>()V
    invoke-virtual {p1}, Landroid/webkit/PermissionRequest;->getResources()[Ljava/lang/String;
    move-result-object v1
    array-length v2, v1
    const/4 v3, 0x0
    :next_resource
    if-ge v3, v2, :decided
    aget-object v4, v1, v3
    invoke-static {v4}, Ldev/hybridge/shell/ShellChromeClient;->permissionFor(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v5
    if-eqz v5, :skip
    invoke-direct {p0, v5}, Ldev/hybridge/shell/ShellChromeClient;->isGranted(Ljava/lang/String;)Z
    move-result v5
    if-eqz v5, :skip
    invoke-virtual {v0, v4}, Ljava/util/ArrayList;->add(Ljava/lang/Object;)Z
    :skip
    add-int/lit8 v3, v3, 0x1
    goto :next_resource

    :decided
    invoke-virtual {v0}, Ljava/util/ArrayList;->isEmpty()Z
    move-result v2
    if-eqz v2, :grant
    invoke-virtual {p1}, Landroid/webkit/PermissionRequest;->deny()V
    return-void
    :grant
    invoke-static {v0}, Ldev/hybridge/shell/ShellChromeClient;->toArray(Ljava/util/ArrayList;)[Ljava/lang/String;
    move-result-object v0
    invoke-virtual {p1, v0}, Landroid/webkit/PermissionRequest;->grant([Ljava/lang/String;)V
    return-void
.end method

# The page gave up its request (it navigated away) before the user answered.
.method public onPermissionRequestCanceled(Landroid/webkit/PermissionRequest;)V
    .locals 1
    iget-object v0, p0, Ldev/hybridge/shell/ShellChromeClient;->media:Landroid/webkit/PermissionRequest;
    if-ne v0, p1, :other
    const/4 v0, 0x0
    iput-object v0, p0, Ldev/hybridge/shell/ShellChromeClient;->media:Landroid/webkit/PermissionRequest;
    :other
    return-void
.end method

# navigator.geolocation: allowed when the app holds a location permission (precise or
# approximate), after asking for the ones the manifest declares. Not remembered by the WebView
# (retain false): a permission the user takes back in the settings counts from the next call.
.method public onGeolocationPermissionsShowPrompt(Ljava/lang/String;Landroid/webkit/GeolocationPermissions$Callback;)V
    .locals 5

    # A question still waiting is answered no: the WebView asks again for the new one.
    invoke-direct {p0}, Ldev/hybridge/shell/ShellChromeClient;->refuseLocation()V

    iput-object p1, p0, Ldev/hybridge/shell/ShellChromeClient;->locationOrigin:Ljava/lang/String;
    iput-object p2, p0, Ldev/hybridge/shell/ShellChromeClient;->location:Landroid/webkit/GeolocationPermissions$Callback;
    invoke-direct {p0}, Ldev/hybridge/shell/ShellChromeClient;->holdsLocation()Z
    move-result v0
    if-nez v0, :answer

    new-instance v0, Ljava/util/ArrayList;
    invoke-direct {v0}, Ljava/util/ArrayList;-><init>()V
    const-string v1, "android.permission.ACCESS_FINE_LOCATION"
    invoke-direct {p0, v1}, Ldev/hybridge/shell/ShellChromeClient;->isDeclared(Ljava/lang/String;)Z
    move-result v2
    if-eqz v2, :coarse
    invoke-virtual {v0, v1}, Ljava/util/ArrayList;->add(Ljava/lang/Object;)Z
    :coarse
    const-string v1, "android.permission.ACCESS_COARSE_LOCATION"
    invoke-direct {p0, v1}, Ldev/hybridge/shell/ShellChromeClient;->isDeclared(Ljava/lang/String;)Z
    move-result v2
    if-eqz v2, :asked
    invoke-virtual {v0, v1}, Ljava/util/ArrayList;->add(Ljava/lang/Object;)Z
    :asked
    invoke-virtual {v0}, Ljava/util/ArrayList;->isEmpty()Z
    move-result v2
    if-nez v2, :answer

    invoke-static {v0}, Ldev/hybridge/shell/ShellChromeClient;->toArray(Ljava/util/ArrayList;)[Ljava/lang/String;
    move-result-object v0
    iget-object v1, p0, Ldev/hybridge/shell/ShellChromeClient;->activity:Landroid/app/Activity;
    const/16 v2, 0x4803
    invoke-virtual {v1, v0, v2}, Landroid/app/Activity;->requestPermissions([Ljava/lang/String;I)V
    return-void

    :answer
    invoke-direct {p0}, Ldev/hybridge/shell/ShellChromeClient;->answerLocation()V
    return-void
.end method

# The WebView withdrew its question (the page went away).
.method public onGeolocationPermissionsHidePrompt()V
    .locals 1
    const/4 v0, 0x0
    iput-object v0, p0, Ldev/hybridge/shell/ShellChromeClient;->location:Landroid/webkit/GeolocationPermissions$Callback;
    iput-object v0, p0, Ldev/hybridge/shell/ShellChromeClient;->locationOrigin:Ljava/lang/String;
    return-void
.end method

.method private answerLocation()V
    .locals 4
    iget-object v0, p0, Ldev/hybridge/shell/ShellChromeClient;->location:Landroid/webkit/GeolocationPermissions$Callback;
    if-eqz v0, :none
    iget-object v1, p0, Ldev/hybridge/shell/ShellChromeClient;->locationOrigin:Ljava/lang/String;
    const/4 v2, 0x0
    iput-object v2, p0, Ldev/hybridge/shell/ShellChromeClient;->location:Landroid/webkit/GeolocationPermissions$Callback;
    iput-object v2, p0, Ldev/hybridge/shell/ShellChromeClient;->locationOrigin:Ljava/lang/String;
    invoke-direct {p0}, Ldev/hybridge/shell/ShellChromeClient;->holdsLocation()Z
    move-result v3
    invoke-interface {v0, v1, v3, v2}, Landroid/webkit/GeolocationPermissions$Callback;->invoke(Ljava/lang/String;ZZ)V
    :none
    return-void
.end method

.method private refuseLocation()V
    .locals 4
    iget-object v0, p0, Ldev/hybridge/shell/ShellChromeClient;->location:Landroid/webkit/GeolocationPermissions$Callback;
    if-eqz v0, :none
    iget-object v1, p0, Ldev/hybridge/shell/ShellChromeClient;->locationOrigin:Ljava/lang/String;
    const/4 v2, 0x0
    iput-object v2, p0, Ldev/hybridge/shell/ShellChromeClient;->location:Landroid/webkit/GeolocationPermissions$Callback;
    iput-object v2, p0, Ldev/hybridge/shell/ShellChromeClient;->locationOrigin:Ljava/lang/String;
    invoke-interface {v0, v1, v2, v2}, Landroid/webkit/GeolocationPermissions$Callback;->invoke(Ljava/lang/String;ZZ)V
    :none
    return-void
.end method

.method private holdsLocation()Z
    .locals 2
    const-string v0, "android.permission.ACCESS_FINE_LOCATION"
    invoke-direct {p0, v0}, Ldev/hybridge/shell/ShellChromeClient;->isGranted(Ljava/lang/String;)Z
    move-result v1
    if-nez v1, :held
    const-string v0, "android.permission.ACCESS_COARSE_LOCATION"
    invoke-direct {p0, v0}, Ldev/hybridge/shell/ShellChromeClient;->isGranted(Ljava/lang/String;)Z
    move-result v1
    :held
    return v1
.end method

# The user's answer to the runtime request (MainActivity.onRequestPermissionsResult). The
# permissions are read again rather than from the arrays, which are empty when the request was
# interrupted (another one already on screen).
.method public onRequestPermissionsResult(I[Ljava/lang/String;[I)V
    .locals 2
    const/16 v0, 0x4802
    if-ne p1, v0, :not_media
    iget-object v0, p0, Ldev/hybridge/shell/ShellChromeClient;->media:Landroid/webkit/PermissionRequest;
    if-eqz v0, :done
    const/4 v1, 0x0
    iput-object v1, p0, Ldev/hybridge/shell/ShellChromeClient;->media:Landroid/webkit/PermissionRequest;
    invoke-direct {p0, v0}, Ldev/hybridge/shell/ShellChromeClient;->answerMedia(Landroid/webkit/PermissionRequest;)V
    return-void

    :not_media
    const/16 v0, 0x4803
    if-ne p1, v0, :done
    invoke-direct {p0}, Ldev/hybridge/shell/ShellChromeClient;->answerLocation()V
    :done
    return-void
.end method

# The Android permission behind a WebView resource, or null when none lets the app grant it
# (protected media, MIDI): those are denied.
.method private static permissionFor(Ljava/lang/String;)Ljava/lang/String;
    .locals 2
    const-string v0, "android.webkit.resource.VIDEO_CAPTURE"
    invoke-virtual {v0, p0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v0
    if-eqz v0, :not_camera
    const-string v1, "android.permission.CAMERA"
    return-object v1
    :not_camera
    const-string v0, "android.webkit.resource.AUDIO_CAPTURE"
    invoke-virtual {v0, p0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v0
    if-eqz v0, :none
    const-string v1, "android.permission.RECORD_AUDIO"
    return-object v1
    :none
    const/4 v1, 0x0
    return-object v1
.end method

.method private isGranted(Ljava/lang/String;)Z
    .locals 2
    iget-object v0, p0, Ldev/hybridge/shell/ShellChromeClient;->activity:Landroid/app/Activity;
    invoke-virtual {v0, p1}, Landroid/app/Activity;->checkSelfPermission(Ljava/lang/String;)I
    move-result v0
    if-nez v0, :denied
    const/4 v1, 0x1
    return v1
    :denied
    const/4 v1, 0x0
    return v1
.end method

# Whether the manifest asks for the permission: Android refuses at once a runtime request for one
# it does not, so such a request is not made.
.method private isDeclared(Ljava/lang/String;)Z
    .locals 5
    iget-object v0, p0, Ldev/hybridge/shell/ShellChromeClient;->activity:Landroid/app/Activity;
    :try_start
    invoke-virtual {v0}, Landroid/app/Activity;->getPackageManager()Landroid/content/pm/PackageManager;
    move-result-object v1
    invoke-virtual {v0}, Landroid/app/Activity;->getPackageName()Ljava/lang/String;
    move-result-object v2
    # PackageManager.GET_PERMISSIONS
    const/16 v3, 0x1000
    invoke-virtual {v1, v2, v3}, Landroid/content/pm/PackageManager;->getPackageInfo(Ljava/lang/String;I)Landroid/content/pm/PackageInfo;
    move-result-object v1
    :try_end
    .catch Landroid/content/pm/PackageManager$NameNotFoundException; {:try_start .. :try_end} :not_declared
    iget-object v1, v1, Landroid/content/pm/PackageInfo;->requestedPermissions:[Ljava/lang/String;
    if-eqz v1, :not_declared
    array-length v2, v1
    const/4 v3, 0x0
    :next
    if-ge v3, v2, :not_declared
    aget-object v4, v1, v3
    invoke-virtual {p1, v4}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v4
    if-nez v4, :declared
    add-int/lit8 v3, v3, 0x1
    goto :next
    :declared
    const/4 v0, 0x1
    return v0
    :not_declared
    const/4 v0, 0x0
    return v0
.end method

.method private static toArray(Ljava/util/ArrayList;)[Ljava/lang/String;
    .locals 2
    const/4 v0, 0x0
    new-array v0, v0, [Ljava/lang/String;
    invoke-virtual {p0, v0}, Ljava/util/ArrayList;->toArray([Ljava/lang/Object;)[Ljava/lang/Object;
    move-result-object v0
    check-cast v0, [Ljava/lang/String;
    return-object v0
.end method
