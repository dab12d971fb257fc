package android.content.pm;

import android.util.AndroidException;

public abstract class PackageManager {
    public static final int GET_PERMISSIONS = 0x00001000;
    public static final int PERMISSION_GRANTED = 0;
    public static final int PERMISSION_DENIED = -1;

    public abstract PackageInfo getPackageInfo(String packageName, int flags)
            throws NameNotFoundException;

    public static class NameNotFoundException extends AndroidException {
        public NameNotFoundException() {}

        public NameNotFoundException(String name) {
            super(name);
        }
    }
}
