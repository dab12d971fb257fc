# Hybridge Dev's screen: the shell's MainActivity, started from a project's dev link
# ({PUBLIC_URL}/dev/{appKey}?url=… or hybridge-dev://open?…) to show the developer's dev server.
# Only the dev app's manifest declares it; built apps carry the class unused.
.class public Ldev/hybridge/shell/DevActivity;
.super Ldev/hybridge/shell/MainActivity;
.source "DevActivity.smali"

.method public constructor <init>()V
    .locals 0
    invoke-direct {p0}, Ldev/hybridge/shell/MainActivity;-><init>()V
    return-void
.end method
