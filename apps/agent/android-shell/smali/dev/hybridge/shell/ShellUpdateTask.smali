# One piece of ShellUpdates' work handed to another thread (decision 052): the check and the
# reports run on a background thread of their own (network never on the UI thread, never in the
# launch's way); a downloaded update's recording and the trial's timeout run on the UI thread,
# where all of ShellUpdates' state changes happen (so they need no lock).
.class final Ldev/hybridge/shell/ShellUpdateTask;
.super Ljava/lang/Object;
.source "ShellUpdateTask.smali"

.implements Ljava/lang/Runnable;

.field private final updates:Ldev/hybridge/shell/ShellUpdates;

# "check" (background), "pending" (UI: the update id is downloaded), "trial" (UI: the 10 s of the
# update id are over), or else an event to report (background) for the update id, with a reason.
.field private final what:Ljava/lang/String;
.field private final id:Ljava/lang/String;
.field private final reason:Ljava/lang/String;

.method constructor <init>(Ldev/hybridge/shell/ShellUpdates;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    .locals 0
    invoke-direct {p0}, Ljava/lang/Object;-><init>()V
    iput-object p1, p0, Ldev/hybridge/shell/ShellUpdateTask;->updates:Ldev/hybridge/shell/ShellUpdates;
    iput-object p2, p0, Ldev/hybridge/shell/ShellUpdateTask;->what:Ljava/lang/String;
    iput-object p3, p0, Ldev/hybridge/shell/ShellUpdateTask;->id:Ljava/lang/String;
    iput-object p4, p0, Ldev/hybridge/shell/ShellUpdateTask;->reason:Ljava/lang/String;
    return-void
.end method

# On whichever thread the task was given to (see the fields).
.method public run()V
    .locals 4
    iget-object v0, p0, Ldev/hybridge/shell/ShellUpdateTask;->updates:Ldev/hybridge/shell/ShellUpdates;
    iget-object v1, p0, Ldev/hybridge/shell/ShellUpdateTask;->what:Ljava/lang/String;
    iget-object v2, p0, Ldev/hybridge/shell/ShellUpdateTask;->id:Ljava/lang/String;

    const-string v3, "check"
    invoke-virtual {v3, v1}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v3
    if-eqz v3, :not_check
    invoke-virtual {v0}, Ldev/hybridge/shell/ShellUpdates;->check()V
    return-void

    :not_check
    const-string v3, "pending"
    invoke-virtual {v3, v1}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v3
    if-eqz v3, :not_pending
    invoke-virtual {v0, v2}, Ldev/hybridge/shell/ShellUpdates;->setPending(Ljava/lang/String;)V
    return-void

    :not_pending
    const-string v3, "trial"
    invoke-virtual {v3, v1}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v3
    if-eqz v3, :report
    invoke-virtual {v0, v2}, Ldev/hybridge/shell/ShellUpdates;->trialTimeout(Ljava/lang/String;)V
    return-void

    :report
    iget-object v3, p0, Ldev/hybridge/shell/ShellUpdateTask;->reason:Ljava/lang/String;
    invoke-virtual {v0, v2, v1, v3}, Ldev/hybridge/shell/ShellUpdates;->send(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    return-void
.end method
