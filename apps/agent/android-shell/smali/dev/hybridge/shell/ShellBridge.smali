# The page's native functions, for the pages of one origin only (the app's: the bundle's in a
# built app, the dev server's in the dev app).
.class public Ldev/hybridge/shell/ShellBridge;
.super Ljava/lang/Object;
.source "ShellBridge.smali"

.field private final activity:Landroid/app/Activity;
.field private final webView:Landroid/webkit/WebView;

# Read on the WebView's background thread, written on the UI thread: volatile.
.field private volatile allowedOrigin:Ljava/lang/String;

.method public constructor <init>(Landroid/app/Activity;Landroid/webkit/WebView;Ljava/lang/String;)V
    .locals 0
    invoke-direct {p0}, Ljava/lang/Object;-><init>()V
    iput-object p1, p0, Ldev/hybridge/shell/ShellBridge;->activity:Landroid/app/Activity;
    iput-object p2, p0, Ldev/hybridge/shell/ShellBridge;->webView:Landroid/webkit/WebView;
    iput-object p3, p0, Ldev/hybridge/shell/ShellBridge;->allowedOrigin:Ljava/lang/String;
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
