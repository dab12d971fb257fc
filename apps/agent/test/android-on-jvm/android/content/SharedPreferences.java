package android.content;

/** The two calls the dev app makes (its recent projects); an interface, as Android's. */
public interface SharedPreferences {
    String getString(String key, String defValue);

    Editor edit();

    interface Editor {
        Editor putString(String key, String value);

        void apply();
    }
}
