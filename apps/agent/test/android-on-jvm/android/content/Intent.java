package android.content;

import android.net.Uri;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The parts of an intent the shell sets and the harness reports, and parseUri for the
 * URI_INTENT_SCHEME form ("intent://host/path#Intent;scheme=https;package=…;S.key=value;end",
 * fields after SEL describing the selector) with Android's rules: the action defaults to VIEW
 * (MAIN without data), values are %-decoded, the URI-grant launch flags are dropped, the
 * selector is kept only when the intent names no package, an unknown field or a missing "end" is
 * a URISyntaxException, and a launchFlags that is not a number throws NumberFormatException
 * (Android lets it through too).
 */
public class Intent {
    public static final int URI_INTENT_SCHEME = 1 << 0;
    public static final String ACTION_VIEW = "android.intent.action.VIEW";
    public static final String CATEGORY_BROWSABLE = "android.intent.category.BROWSABLE";

    private String action;
    private Uri data;
    private String type;
    private String packageName;
    private ComponentName component;
    private Set<String> categories;
    private Intent selector;
    private int flags;
    private final Map<String, Object> extras = new LinkedHashMap<>();
    private ClipData clipData;

    public Intent() {}

    public Intent(String action) {
        this.action = action;
    }

    public Intent(String action, Uri uri) {
        this.action = action;
        this.data = uri;
    }

    public static Intent parseUri(String uri, int flags) throws URISyntaxException {
        if ((flags & URI_INTENT_SCHEME) == 0)
            throw new UnsupportedOperationException("only URI_INTENT_SCHEME on this JVM");
        if (!uri.startsWith("intent:")) return new Intent(ACTION_VIEW, Uri.parse(uri));
        int fragment = uri.lastIndexOf('#');
        if (fragment < 0 || !uri.startsWith("#Intent;", fragment)) {
            return new Intent(ACTION_VIEW, Uri.parse(uri));
        }
        Intent base = new Intent(ACTION_VIEW);
        Intent current = base;
        boolean inSelector = false;
        boolean explicitAction = false;
        String scheme = null;
        int at = fragment + "#Intent;".length();
        while (!uri.startsWith("end", at)) {
            int semicolon = uri.indexOf(';', at);
            // Android before its 2024 fix read on from the start here; it throws since.
            if (semicolon < 0) throw new URISyntaxException(uri, "uri end not found");
            String field = uri.substring(at, semicolon);
            at = semicolon + 1;
            if (field.equals("SEL")) {
                current = new Intent();
                inSelector = true;
                continue;
            }
            int equals = field.indexOf('=');
            if (equals < 2)
                throw new URISyntaxException(uri, "illegal Intent URI format", at);
            String key = field.substring(0, equals);
            String value = Uri.decode(field.substring(equals + 1));
            switch (key) {
                case "action" -> {
                    current.action = value;
                    if (!inSelector) explicitAction = true;
                }
                case "category" -> current.addCategory(value);
                case "type" -> current.type = value;
                // Without URI_ALLOW_UNSAFE (4), the URI-grant flags are dropped (API 21+).
                case "launchFlags" -> current.flags = (flags & 4) != 0 ? Integer.decode(value)
                        : Integer.decode(value) & ~0xc3;
                case "package" -> current.packageName = value;
                case "component" -> current.component = ComponentName.unflattenFromString(value);
                case "scheme" -> {
                    if (inSelector) current.data = Uri.parse(value + ":");
                    else scheme = value;
                }
                case "sourceBounds" -> {}
                default -> {
                    String name = Uri.decode(key.substring(2));
                    switch (key.substring(0, 2)) {
                        case "S." -> current.extras.put(name, value);
                        case "B." -> current.extras.put(name, Boolean.parseBoolean(value));
                        case "i." -> current.extras.put(name, Integer.parseInt(value));
                        case "l." -> current.extras.put(name, Long.parseLong(value));
                        default -> throw new URISyntaxException(uri, "unknown EXTRA type", at);
                    }
                }
            }
        }
        // The selector counts only when the intent names no package; the data is the intent's.
        if (inSelector && base.packageName == null) base.selector = current;
        String data = uri.substring("intent:".length(), fragment);
        if (scheme != null) data = scheme + ":" + data;
        else if (data.isEmpty() && !explicitAction) base.action = "android.intent.action.MAIN";
        if (!data.isEmpty()) base.data = Uri.parse(data);
        return base;
    }

    public String getAction() {
        return action;
    }

    public Uri getData() {
        return data;
    }

    public String getType() {
        return type;
    }

    public String getPackage() {
        return packageName;
    }

    public Intent setPackage(String packageName) {
        this.packageName = packageName;
        return this;
    }

    public ComponentName getComponent() {
        return component;
    }

    public Intent setComponent(ComponentName component) {
        this.component = component;
        return this;
    }

    public Set<String> getCategories() {
        return categories;
    }

    public Intent addCategory(String category) {
        if (categories == null) categories = new TreeSet<>();
        categories.add(category);
        return this;
    }

    public Intent getSelector() {
        return selector;
    }

    public void setSelector(Intent selector) {
        this.selector = selector;
    }

    public int getFlags() {
        return flags;
    }

    public Intent setFlags(int flags) {
        this.flags = flags;
        return this;
    }

    public String getStringExtra(String name) {
        Object value = extras.get(name);
        return value instanceof String ? (String) value : null;
    }

    @Override
    public String toString() {
        return "Intent { act=" + action + " dat=" + data + " pkg=" + packageName + " cat="
                + categories + " }";
    }

    public Intent setData(Uri data) {
        this.data = data;
        this.type = null;
        return this;
    }

    public Intent setType(String type) {
        this.data = null;
        this.type = type;
        return this;
    }

    public Intent putExtra(String name, boolean value) {
        extras.put(name, value);
        return this;
    }

    public boolean getBooleanExtra(String name, boolean defaultValue) {
        Object value = extras.get(name);
        return value instanceof Boolean ? (Boolean) value : defaultValue;
    }

    public ClipData getClipData() {
        return clipData;
    }

    public void setClipData(ClipData clip) {
        clipData = clip;
    }
}
