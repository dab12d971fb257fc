package android.webkit;

/** Records deleteAllData (dataDeleted: for the harness). */
public class WebStorage {
    private static final WebStorage INSTANCE = new WebStorage();
    public static boolean dataDeleted;

    public static WebStorage getInstance() {
        return INSTANCE;
    }

    public void deleteAllData() {
        dataDeleted = true;
    }
}
