package android.app;

import android.content.SharedPreferences;
import java.util.HashMap;
import java.util.Map;

/**
 * The harness's SharedPreferences: one map per name for the whole JVM, so that what an activity
 * stored is there for the next activity the harness creates, as the file is on a phone.
 */
final class HarnessPreferences implements SharedPreferences {
    private static final Map<String, HarnessPreferences> FILES = new HashMap<>();
    private final Map<String, String> values = new HashMap<>();

    static synchronized HarnessPreferences named(String name) {
        return FILES.computeIfAbsent(name, n -> new HarnessPreferences());
    }

    @Override
    public synchronized String getString(String key, String defValue) {
        return values.getOrDefault(key, defValue);
    }

    @Override
    public Editor edit() {
        Map<String, String> changes = new HashMap<>();
        return new Editor() {
            @Override
            public Editor putString(String key, String value) {
                changes.put(key, value);
                return this;
            }

            @Override
            public void apply() {
                synchronized (HarnessPreferences.this) {
                    values.putAll(changes);
                }
            }
        };
    }
}
