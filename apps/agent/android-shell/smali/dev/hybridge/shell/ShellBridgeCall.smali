# One call of the page to ShellBridge, carried from the WebView's background thread to the UI
# thread (a Runnable), and, for auth.logout, the answer of the cookies' removal (a ValueCallback),
# which then answers the page.
.class final Ldev/hybridge/shell/ShellBridgeCall;
.super Ljava/lang/Object;
.source "ShellBridgeCall.smali"

.implements Ljava/lang/Runnable;
.implements Landroid/webkit/ValueCallback;

.field private final bridge:Ldev/hybridge/shell/ShellBridge;
.field private final token:Ljava/lang/String;
.field private final id:Ljava/lang/String;
.field private final method:Ljava/lang/String;
.field private final arg:Ljava/lang/String;

.method constructor <init>(Ldev/hybridge/shell/ShellBridge;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    .locals 0
    invoke-direct {p0}, Ljava/lang/Object;-><init>()V
    iput-object p1, p0, Ldev/hybridge/shell/ShellBridgeCall;->bridge:Ldev/hybridge/shell/ShellBridge;
    iput-object p2, p0, Ldev/hybridge/shell/ShellBridgeCall;->token:Ljava/lang/String;
    iput-object p3, p0, Ldev/hybridge/shell/ShellBridgeCall;->id:Ljava/lang/String;
    iput-object p4, p0, Ldev/hybridge/shell/ShellBridgeCall;->method:Ljava/lang/String;
    iput-object p5, p0, Ldev/hybridge/shell/ShellBridgeCall;->arg:Ljava/lang/String;
    return-void
.end method

# On the UI thread (Activity.runOnUiThread).
.method public run()V
    .locals 5
    iget-object v0, p0, Ldev/hybridge/shell/ShellBridgeCall;->bridge:Ldev/hybridge/shell/ShellBridge;
    iget-object v1, p0, Ldev/hybridge/shell/ShellBridgeCall;->token:Ljava/lang/String;
    iget-object v2, p0, Ldev/hybridge/shell/ShellBridgeCall;->id:Ljava/lang/String;
    iget-object v3, p0, Ldev/hybridge/shell/ShellBridgeCall;->method:Ljava/lang/String;
    iget-object v4, p0, Ldev/hybridge/shell/ShellBridgeCall;->arg:Ljava/lang/String;
    invoke-virtual {v0, v1, v2, v3, v4}, Ldev/hybridge/shell/ShellBridge;->handle(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    return-void
.end method

# CookieManager.removeAllCookies is done (on the UI thread, which asked): auth.logout answers.
.method public onReceiveValue(Ljava/lang/Object;)V
    .locals 2
    iget-object v0, p0, Ldev/hybridge/shell/ShellBridgeCall;->bridge:Ldev/hybridge/shell/ShellBridge;
    iget-object v1, p0, Ldev/hybridge/shell/ShellBridgeCall;->id:Ljava/lang/String;
    const-string p1, "null"
    invoke-virtual {v0, v1, p1}, Ldev/hybridge/shell/ShellBridge;->reply(Ljava/lang/String;Ljava/lang/String;)V
    return-void
.end method
