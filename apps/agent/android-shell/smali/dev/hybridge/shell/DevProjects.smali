# The projects the dev app opened, most recent first, that its start screen lists and reopens:
# name, appKey, server, url (the dev server's) and time (ms since 1970), as a JSON array in the
# app's SharedPreferences — the same form the start screen reads (recent-projects.json), and what
# survives the app's restarts. One entry per project (server and app key), at most ten.
.class public final Ldev/hybridge/shell/DevProjects;
.super Ljava/lang/Object;
.source "DevProjects.smali"

.method private constructor <init>()V
    .locals 0
    invoke-direct {p0}, Ljava/lang/Object;-><init>()V
    return-void
.end method

# The app's preferences file for the list (MODE_PRIVATE: 0).
.method private static prefs(Landroid/content/Context;)Landroid/content/SharedPreferences;
    .locals 2
    const-string v0, "hybridge-dev"
    const/4 v1, 0x0
    invoke-virtual {p0, v0, v1}, Landroid/content/Context;->getSharedPreferences(Ljava/lang/String;I)Landroid/content/SharedPreferences;
    move-result-object v0
    return-object v0
.end method

# The stored list; an empty one when there is none or it cannot be read (a list written by a
# future version is not worth a crash).
.method private static list(Landroid/content/Context;)Lorg/json/JSONArray;
    .locals 3
    invoke-static {p0}, Ldev/hybridge/shell/DevProjects;->prefs(Landroid/content/Context;)Landroid/content/SharedPreferences;
    move-result-object v0
    const-string v1, "recent-projects"
    const-string v2, "[]"
    invoke-interface {v0, v1, v2}, Landroid/content/SharedPreferences;->getString(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    :try_start
    new-instance v1, Lorg/json/JSONArray;
    invoke-direct {v1, v0}, Lorg/json/JSONArray;-><init>(Ljava/lang/String;)V
    :try_end
    .catch Lorg/json/JSONException; {:try_start .. :try_end} :unreadable
    return-object v1
    :unreadable
    new-instance v1, Lorg/json/JSONArray;
    invoke-direct {v1}, Lorg/json/JSONArray;-><init>()V
    return-object v1
.end method

# The list as JSON text, for the start screen (DevWebViewClient, on a WebView thread: reading
# SharedPreferences is safe from any thread).
.method public static listJson(Landroid/content/Context;)Ljava/lang/String;
    .locals 1
    invoke-static {p0}, Ldev/hybridge/shell/DevProjects;->list(Landroid/content/Context;)Lorg/json/JSONArray;
    move-result-object v0
    invoke-virtual {v0}, Lorg/json/JSONArray;->toString()Ljava/lang/String;
    move-result-object v0
    return-object v0
.end method

# A project just opened: first in the list, with the time; its older entry (same server and app
# key) goes, and the list keeps ten. apply() writes in the background, off the UI thread.
.method public static remember(Landroid/content/Context;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V
    .locals 8
    new-instance v0, Lorg/json/JSONObject;
    invoke-direct {v0}, Lorg/json/JSONObject;-><init>()V
    :try_start
    const-string v1, "name"
    invoke-virtual {v0, v1, p1}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v1, "appKey"
    invoke-virtual {v0, v1, p2}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v1, "server"
    invoke-virtual {v0, v1, p3}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v1, "url"
    invoke-virtual {v0, v1, p4}, Lorg/json/JSONObject;->put(Ljava/lang/String;Ljava/lang/Object;)Lorg/json/JSONObject;
    const-string v1, "time"
    invoke-static {}, Ljava/lang/System;->currentTimeMillis()J
    move-result-wide v2
    invoke-virtual {v0, v1, v2, v3}, Lorg/json/JSONObject;->put(Ljava/lang/String;J)Lorg/json/JSONObject;
    :try_end
    .catch Lorg/json/JSONException; {:try_start .. :try_end} :not_stored

    # v1: the new list, v2: the old one, v3: its index, v4: its length.
    new-instance v1, Lorg/json/JSONArray;
    invoke-direct {v1}, Lorg/json/JSONArray;-><init>()V
    invoke-virtual {v1, v0}, Lorg/json/JSONArray;->put(Ljava/lang/Object;)Lorg/json/JSONArray;
    invoke-static {p0}, Ldev/hybridge/shell/DevProjects;->list(Landroid/content/Context;)Lorg/json/JSONArray;
    move-result-object v2
    invoke-virtual {v2}, Lorg/json/JSONArray;->length()I
    move-result v4
    const/4 v3, 0x0

    :next
    if-ge v3, v4, :store
    invoke-virtual {v1}, Lorg/json/JSONArray;->length()I
    move-result v5
    const/16 v6, 0xa
    if-ge v5, v6, :store
    invoke-virtual {v2, v3}, Lorg/json/JSONArray;->optJSONObject(I)Lorg/json/JSONObject;
    move-result-object v5
    add-int/lit8 v3, v3, 0x1
    if-eqz v5, :next
    const-string v6, "server"
    invoke-virtual {v5, v6}, Lorg/json/JSONObject;->optString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v6
    invoke-virtual {p3, v6}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v6
    if-eqz v6, :keep
    const-string v6, "appKey"
    invoke-virtual {v5, v6}, Lorg/json/JSONObject;->optString(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v6
    invoke-virtual {p2, v6}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v6
    if-nez v6, :next
    :keep
    invoke-virtual {v1, v5}, Lorg/json/JSONArray;->put(Ljava/lang/Object;)Lorg/json/JSONArray;
    goto :next

    :store
    invoke-static {p0}, Ldev/hybridge/shell/DevProjects;->prefs(Landroid/content/Context;)Landroid/content/SharedPreferences;
    move-result-object v0
    invoke-interface {v0}, Landroid/content/SharedPreferences;->edit()Landroid/content/SharedPreferences$Editor;
    move-result-object v0
    const-string v2, "recent-projects"
    invoke-virtual {v1}, Lorg/json/JSONArray;->toString()Ljava/lang/String;
    move-result-object v1
    invoke-interface {v0, v2, v1}, Landroid/content/SharedPreferences$Editor;->putString(Ljava/lang/String;Ljava/lang/String;)Landroid/content/SharedPreferences$Editor;
    move-result-object v0
    invoke-interface {v0}, Landroid/content/SharedPreferences$Editor;->apply()V

    :not_stored
    return-void
.end method
