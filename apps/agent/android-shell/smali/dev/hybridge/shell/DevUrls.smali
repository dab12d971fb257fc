# Which dev server addresses the dev app may load: the rule of isPrivateDevUrl in
# packages/shared/src/dev-app/dev-url.ts, mirrored line for line (the server, the /dev page and
# this app must refuse exactly the same addresses; dev-app-on-jvm.test.ts feeds both one table).
# An http(s) URL without user info, in printable ASCII, at most 300 characters, whose host is
# localhost, an IPv4 address in 127/8, 10/8, 172.16/12, 192.168/16 or 169.254/16, a bracketed
# IPv6 address that is ::1 or in fc00::/7 or fe80::/10, or a name ending in .local.
# Why here and not in the network security config: that file names hosts, not address ranges,
# so it can only permit cleartext everywhere (decision 050).
.class public final Ldev/hybridge/shell/DevUrls;
.super Ljava/lang/Object;
.source "DevUrls.smali"

# The patterns of dev-url.ts, compiled once (they are used for every cleartext request).
.field private static final URL:Ljava/util/regex/Pattern;
.field private static final AUTHORITY:Ljava/util/regex/Pattern;
.field private static final IPV4:Ljava/util/regex/Pattern;
.field private static final LOCAL_NAME:Ljava/util/regex/Pattern;
.field private static final PRINTABLE:Ljava/util/regex/Pattern;
.field private static final IPV6_TEXT:Ljava/util/regex/Pattern;
.field private static final IPV6_GROUP:Ljava/util/regex/Pattern;
# What JavaScript's String.prototype.trim removes at both ends (Java's trim() removes other
# characters: the verdicts would differ for a URL ending in a no-break space).
.field private static final JS_TRIM:Ljava/util/regex/Pattern;

.method static constructor <clinit>()V
    .locals 2
    # DOTALL (0x20): JavaScript's "s" flag on the URL pattern.
    const-string v0, "^([A-Za-z][A-Za-z0-9+.-]*)://([^/?#]*)(.*)$"
    const/16 v1, 0x20
    invoke-static {v0, v1}, Ljava/util/regex/Pattern;->compile(Ljava/lang/String;I)Ljava/util/regex/Pattern;
    move-result-object v0
    sput-object v0, Ldev/hybridge/shell/DevUrls;->URL:Ljava/util/regex/Pattern;

    const-string v0, "^(\\[[^\\]]*\\]|[^:]*)(?::([0-9]{1,5}))?$"
    invoke-static {v0}, Ljava/util/regex/Pattern;->compile(Ljava/lang/String;)Ljava/util/regex/Pattern;
    move-result-object v0
    sput-object v0, Ldev/hybridge/shell/DevUrls;->AUTHORITY:Ljava/util/regex/Pattern;

    const-string v0, "^(0|[1-9][0-9]{0,2})\\.(0|[1-9][0-9]{0,2})\\.(0|[1-9][0-9]{0,2})\\.(0|[1-9][0-9]{0,2})$"
    invoke-static {v0}, Ljava/util/regex/Pattern;->compile(Ljava/lang/String;)Ljava/util/regex/Pattern;
    move-result-object v0
    sput-object v0, Ldev/hybridge/shell/DevUrls;->IPV4:Ljava/util/regex/Pattern;

    const-string v0, "^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+local$"
    invoke-static {v0}, Ljava/util/regex/Pattern;->compile(Ljava/lang/String;)Ljava/util/regex/Pattern;
    move-result-object v0
    sput-object v0, Ldev/hybridge/shell/DevUrls;->LOCAL_NAME:Ljava/util/regex/Pattern;

    const-string v0, "^[\\x21-\\x7e]+$"
    invoke-static {v0}, Ljava/util/regex/Pattern;->compile(Ljava/lang/String;)Ljava/util/regex/Pattern;
    move-result-object v0
    sput-object v0, Ldev/hybridge/shell/DevUrls;->PRINTABLE:Ljava/util/regex/Pattern;

    const-string v0, "^[0-9a-f:]+$"
    invoke-static {v0}, Ljava/util/regex/Pattern;->compile(Ljava/lang/String;)Ljava/util/regex/Pattern;
    move-result-object v0
    sput-object v0, Ldev/hybridge/shell/DevUrls;->IPV6_TEXT:Ljava/util/regex/Pattern;

    const-string v0, "^[0-9a-f]{1,4}$"
    invoke-static {v0}, Ljava/util/regex/Pattern;->compile(Ljava/lang/String;)Ljava/util/regex/Pattern;
    move-result-object v0
    sput-object v0, Ldev/hybridge/shell/DevUrls;->IPV6_GROUP:Ljava/util/regex/Pattern;

    const-string v0, "^[\\t\\n\\u000B\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF]+|[\\t\\n\\u000B\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF]+$"
    invoke-static {v0}, Ljava/util/regex/Pattern;->compile(Ljava/lang/String;)Ljava/util/regex/Pattern;
    move-result-object v0
    sput-object v0, Ldev/hybridge/shell/DevUrls;->JS_TRIM:Ljava/util/regex/Pattern;
    return-void
.end method

.method private constructor <init>()V
    .locals 0
    invoke-direct {p0}, Ljava/lang/Object;-><init>()V
    return-void
.end method

# Whether the dev app may load this URL: isPrivateDevUrl of dev-url.ts. The link's url, the
# server's answer and the retries all pass through it before anything loads.
.method public static isPrivateDevUrl(Ljava/lang/String;)Z
    .locals 1
    invoke-static {p0}, Ldev/hybridge/shell/DevUrls;->hostOf(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    if-eqz v0, :refused
    invoke-static {v0}, Ldev/hybridge/shell/DevUrls;->isPrivateHost(Ljava/lang/String;)Z
    move-result v0
    return v0
    :refused
    const/4 v0, 0x0
    return v0
.end method

# The host of an http(s) URL, in lower case (IPv6 bracketed), or null for whatever parseDevUrl
# of dev-url.ts refuses as a URL (the same steps in the same order).
.method public static hostOf(Ljava/lang/String;)Ljava/lang/String;
    .locals 5
    if-eqz p0, :refused

    sget-object v0, Ldev/hybridge/shell/DevUrls;->JS_TRIM:Ljava/util/regex/Pattern;
    invoke-virtual {v0, p0}, Ljava/util/regex/Pattern;->matcher(Ljava/lang/CharSequence;)Ljava/util/regex/Matcher;
    move-result-object v0
    const-string v1, ""
    invoke-virtual {v0, v1}, Ljava/util/regex/Matcher;->replaceAll(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0

    invoke-virtual {v0}, Ljava/lang/String;->length()I
    move-result v1
    if-eqz v1, :refused
    # NETWORK_URL_MAX of packages/shared/src/test-console/defaults.ts.
    const/16 v2, 0x12c
    if-gt v1, v2, :refused

    sget-object v1, Ldev/hybridge/shell/DevUrls;->PRINTABLE:Ljava/util/regex/Pattern;
    invoke-virtual {v1, v0}, Ljava/util/regex/Pattern;->matcher(Ljava/lang/CharSequence;)Ljava/util/regex/Matcher;
    move-result-object v1
    invoke-virtual {v1}, Ljava/util/regex/Matcher;->matches()Z
    move-result v1
    if-eqz v1, :refused
    const-string v1, "\\"
    invoke-virtual {v0, v1}, Ljava/lang/String;->contains(Ljava/lang/CharSequence;)Z
    move-result v1
    if-nez v1, :refused

    sget-object v1, Ldev/hybridge/shell/DevUrls;->URL:Ljava/util/regex/Pattern;
    invoke-virtual {v1, v0}, Ljava/util/regex/Pattern;->matcher(Ljava/lang/CharSequence;)Ljava/util/regex/Matcher;
    move-result-object v1
    invoke-virtual {v1}, Ljava/util/regex/Matcher;->matches()Z
    move-result v2
    if-eqz v2, :refused

    # The scheme: http or https, in any case.
    const/4 v2, 0x1
    invoke-virtual {v1, v2}, Ljava/util/regex/Matcher;->group(I)Ljava/lang/String;
    move-result-object v2
    const-string v3, "http"
    invoke-virtual {v3, v2}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v3
    if-nez v3, :web_scheme
    const-string v3, "https"
    invoke-virtual {v3, v2}, Ljava/lang/String;->equalsIgnoreCase(Ljava/lang/String;)Z
    move-result v3
    if-eqz v3, :refused
    :web_scheme

    # The authority: no user info, then a host and an optional port.
    const/4 v2, 0x2
    invoke-virtual {v1, v2}, Ljava/util/regex/Matcher;->group(I)Ljava/lang/String;
    move-result-object v2
    const-string v3, "@"
    invoke-virtual {v2, v3}, Ljava/lang/String;->contains(Ljava/lang/CharSequence;)Z
    move-result v3
    if-nez v3, :refused
    sget-object v3, Ldev/hybridge/shell/DevUrls;->AUTHORITY:Ljava/util/regex/Pattern;
    invoke-virtual {v3, v2}, Ljava/util/regex/Pattern;->matcher(Ljava/lang/CharSequence;)Ljava/util/regex/Matcher;
    move-result-object v2
    invoke-virtual {v2}, Ljava/util/regex/Matcher;->matches()Z
    move-result v3
    if-eqz v3, :refused

    const/4 v3, 0x1
    invoke-virtual {v2, v3}, Ljava/util/regex/Matcher;->group(I)Ljava/lang/String;
    move-result-object v3
    sget-object v4, Ljava/util/Locale;->ROOT:Ljava/util/Locale;
    invoke-virtual {v3, v4}, Ljava/lang/String;->toLowerCase(Ljava/util/Locale;)Ljava/lang/String;
    move-result-object v3
    invoke-virtual {v3}, Ljava/lang/String;->isEmpty()Z
    move-result v4
    if-nez v4, :refused

    # The port, when there is one: 1 to 65535 (up to 5 digits, so parseInt cannot overflow).
    const/4 v4, 0x2
    invoke-virtual {v2, v4}, Ljava/util/regex/Matcher;->group(I)Ljava/lang/String;
    move-result-object v4
    if-eqz v4, :host
    invoke-static {v4}, Ljava/lang/Integer;->parseInt(Ljava/lang/String;)I
    move-result v4
    if-lez v4, :refused
    const v2, 0xffff
    if-gt v4, v2, :refused

    :host
    return-object v3

    :refused
    const/4 v0, 0x0
    return-object v0
.end method

# Whether a host (lower case, IPv6 in brackets, as hostOf and Android's Uri.getHost give it) is
# on the developer's network: isPrivateHost of dev-url.ts. DevWebViewClient asks it for every
# cleartext request.
.method public static isPrivateHost(Ljava/lang/String;)Z
    .locals 6
    if-eqz p0, :no

    const-string v0, "localhost"
    invoke-virtual {v0, p0}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v0
    if-nez v0, :yes

    const-string v0, "["
    invoke-virtual {p0, v0}, Ljava/lang/String;->startsWith(Ljava/lang/String;)Z
    move-result v0
    if-eqz v0, :not_ipv6
    const-string v0, "]"
    invoke-virtual {p0, v0}, Ljava/lang/String;->endsWith(Ljava/lang/String;)Z
    move-result v0
    if-eqz v0, :no
    # "[" alone ends with no "]"; "[]" is the empty address, which the IPv6 check refuses.
    invoke-virtual {p0}, Ljava/lang/String;->length()I
    move-result v0
    add-int/lit8 v0, v0, -0x1
    const/4 v1, 0x1
    invoke-virtual {p0, v1, v0}, Ljava/lang/String;->substring(II)Ljava/lang/String;
    move-result-object v0
    invoke-static {v0}, Ldev/hybridge/shell/DevUrls;->isPrivateIpv6(Ljava/lang/String;)Z
    move-result v0
    return v0

    :not_ipv6
    sget-object v0, Ldev/hybridge/shell/DevUrls;->IPV4:Ljava/util/regex/Pattern;
    invoke-virtual {v0, p0}, Ljava/util/regex/Pattern;->matcher(Ljava/lang/CharSequence;)Ljava/util/regex/Matcher;
    move-result-object v0
    invoke-virtual {v0}, Ljava/util/regex/Matcher;->matches()Z
    move-result v1
    if-eqz v1, :local_name

    # a.b.c.d in v2..v5; each at most 3 digits, so parseInt cannot overflow.
    const/4 v1, 0x1
    invoke-virtual {v0, v1}, Ljava/util/regex/Matcher;->group(I)Ljava/lang/String;
    move-result-object v2
    invoke-static {v2}, Ljava/lang/Integer;->parseInt(Ljava/lang/String;)I
    move-result v2
    const/4 v1, 0x2
    invoke-virtual {v0, v1}, Ljava/util/regex/Matcher;->group(I)Ljava/lang/String;
    move-result-object v3
    invoke-static {v3}, Ljava/lang/Integer;->parseInt(Ljava/lang/String;)I
    move-result v3
    const/4 v1, 0x3
    invoke-virtual {v0, v1}, Ljava/util/regex/Matcher;->group(I)Ljava/lang/String;
    move-result-object v4
    invoke-static {v4}, Ljava/lang/Integer;->parseInt(Ljava/lang/String;)I
    move-result v4
    const/4 v1, 0x4
    invoke-virtual {v0, v1}, Ljava/util/regex/Matcher;->group(I)Ljava/lang/String;
    move-result-object v5
    invoke-static {v5}, Ljava/lang/Integer;->parseInt(Ljava/lang/String;)I
    move-result v5

    const/16 v1, 0xff
    if-gt v2, v1, :no
    if-gt v3, v1, :no
    if-gt v4, v1, :no
    if-gt v5, v1, :no

    const/16 v1, 0x7f
    if-eq v2, v1, :yes
    const/16 v1, 0xa
    if-eq v2, v1, :yes
    const/16 v1, 0xac
    if-ne v2, v1, :not_172
    const/16 v1, 0x10
    if-lt v3, v1, :no
    const/16 v1, 0x1f
    if-gt v3, v1, :no
    goto :yes
    :not_172
    const/16 v1, 0xc0
    if-ne v2, v1, :not_192
    const/16 v1, 0xa8
    if-eq v3, v1, :yes
    goto :no
    :not_192
    const/16 v1, 0xa9
    if-ne v2, v1, :no
    const/16 v1, 0xfe
    if-eq v3, v1, :yes
    goto :no

    :local_name
    sget-object v0, Ldev/hybridge/shell/DevUrls;->LOCAL_NAME:Ljava/util/regex/Pattern;
    invoke-virtual {v0, p0}, Ljava/util/regex/Pattern;->matcher(Ljava/lang/CharSequence;)Ljava/util/regex/Matcher;
    move-result-object v0
    invoke-virtual {v0}, Ljava/util/regex/Matcher;->matches()Z
    move-result v0
    return v0

    :yes
    const/4 v0, 0x1
    return v0
    :no
    const/4 v0, 0x0
    return v0
.end method

# An IPv6 address's text (no brackets) is ::1 or within fc00::/7 or fe80::/10: ipv6Groups and
# isPrivateIpv6 of dev-url.ts. The eight groups are filled like ipv6Groups fills them (the groups
# before "::", zeros, the groups after it); a zone id or embedded IPv4 is no address here.
.method private static isPrivateIpv6(Ljava/lang/String;)Z
    .locals 9
    sget-object v0, Ldev/hybridge/shell/DevUrls;->IPV6_TEXT:Ljava/util/regex/Pattern;
    invoke-virtual {v0, p0}, Ljava/util/regex/Pattern;->matcher(Ljava/lang/CharSequence;)Ljava/util/regex/Matcher;
    move-result-object v0
    invoke-virtual {v0}, Ljava/util/regex/Matcher;->matches()Z
    move-result v0
    if-eqz v0, :no

    # v0: the halves around "::" (limit -1 keeps empty ones, as JavaScript's split does).
    const-string v0, "::"
    const/4 v1, -0x1
    invoke-virtual {p0, v0, v1}, Ljava/lang/String;->split(Ljava/lang/String;I)[Ljava/lang/String;
    move-result-object v0
    array-length v1, v0
    const/4 v2, 0x2
    if-gt v1, v2, :no

    # v2: head groups, v3: tail groups (empty arrays for an empty half).
    const/4 v2, 0x0
    aget-object v2, v0, v2
    invoke-static {v2}, Ldev/hybridge/shell/DevUrls;->groupsOf(Ljava/lang/String;)[Ljava/lang/String;
    move-result-object v2
    const/4 v3, 0x2
    if-ne v1, v3, :no_tail
    const/4 v3, 0x1
    aget-object v3, v0, v3
    invoke-static {v3}, Ldev/hybridge/shell/DevUrls;->groupsOf(Ljava/lang/String;)[Ljava/lang/String;
    move-result-object v3
    goto :counted
    :no_tail
    const/4 v3, 0x0
    new-array v3, v3, [Ljava/lang/String;
    :counted

    # v4: the number of groups written; one half needs 8, two halves at most 7.
    array-length v4, v2
    array-length v5, v3
    add-int/2addr v4, v5
    const/4 v5, 0x1
    if-ne v1, v5, :two_halves
    const/16 v5, 0x8
    if-ne v4, v5, :no
    goto :fill
    :two_halves
    const/4 v5, 0x7
    if-gt v4, v5, :no

    # v5: the eight groups' values; the head from index 0, the tail ending at index 7.
    :fill
    const/16 v5, 0x8
    new-array v5, v5, [I
    const/4 v6, 0x0
    invoke-static {v2, v5, v6}, Ldev/hybridge/shell/DevUrls;->putGroups([Ljava/lang/String;[II)Z
    move-result v7
    if-eqz v7, :no
    array-length v6, v3
    const/16 v7, 0x8
    sub-int v6, v7, v6
    invoke-static {v3, v5, v6}, Ldev/hybridge/shell/DevUrls;->putGroups([Ljava/lang/String;[II)Z
    move-result v7
    if-eqz v7, :no

    # ::1: seven zero groups, then 1.
    const/4 v6, 0x0
    :zeros
    const/4 v7, 0x7
    if-ge v6, v7, :last
    aget v7, v5, v6
    if-nez v7, :ranges
    add-int/lit8 v6, v6, 0x1
    goto :zeros
    :last
    aget v7, v5, v7
    const/4 v8, 0x1
    if-eq v7, v8, :yes

    # fc00::/7 and fe80::/10, by the first group.
    :ranges
    const/4 v6, 0x0
    aget v6, v5, v6
    const v7, 0xfe00
    and-int/2addr v7, v6
    const v8, 0xfc00
    if-eq v7, v8, :yes
    const v7, 0xffc0
    and-int/2addr v7, v6
    const v8, 0xfe80
    if-eq v7, v8, :yes

    :no
    const/4 v0, 0x0
    return v0
    :yes
    const/4 v0, 0x1
    return v0
.end method

# A half of an IPv6 address split at ":" (limit -1: "1:" has an empty last group, refused
# later), or no groups for an empty half.
.method private static groupsOf(Ljava/lang/String;)[Ljava/lang/String;
    .locals 2
    invoke-virtual {p0}, Ljava/lang/String;->isEmpty()Z
    move-result v0
    if-eqz v0, :split
    const/4 v0, 0x0
    new-array v0, v0, [Ljava/lang/String;
    return-object v0
    :split
    const-string v0, ":"
    const/4 v1, -0x1
    invoke-virtual {p0, v0, v1}, Ljava/lang/String;->split(Ljava/lang/String;I)[Ljava/lang/String;
    move-result-object v0
    return-object v0
.end method

# Writes each group's value (1 to 4 hexadecimal digits) into `into` from index `at`; false
# when a group is not 1 to 4 hexadecimal digits.
.method private static putGroups([Ljava/lang/String;[II)Z
    .locals 5
    const/4 v0, 0x0
    :next
    array-length v1, p0
    if-ge v0, v1, :done
    aget-object v1, p0, v0
    sget-object v2, Ldev/hybridge/shell/DevUrls;->IPV6_GROUP:Ljava/util/regex/Pattern;
    invoke-virtual {v2, v1}, Ljava/util/regex/Pattern;->matcher(Ljava/lang/CharSequence;)Ljava/util/regex/Matcher;
    move-result-object v2
    invoke-virtual {v2}, Ljava/util/regex/Matcher;->matches()Z
    move-result v2
    if-eqz v2, :bad
    const/16 v2, 0x10
    invoke-static {v1, v2}, Ljava/lang/Integer;->parseInt(Ljava/lang/String;I)I
    move-result v1
    add-int v3, p2, v0
    aput v1, p1, v3
    add-int/lit8 v0, v0, 0x1
    goto :next
    :done
    const/4 v4, 0x1
    return v4
    :bad
    const/4 v4, 0x0
    return v4
.end method
