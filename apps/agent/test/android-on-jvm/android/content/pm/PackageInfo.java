package android.content.pm;

/** The fields the shell reads (public fields, as Android's). */
public class PackageInfo {
    public String packageName = "com.example.app";
    public String versionName = "1.0";
    public int versionCode = 1;
    /** Null unless asked for with GET_PERMISSIONS, or when the manifest declares none. */
    public String[] requestedPermissions;
}
