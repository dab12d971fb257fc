package android.content;

/** A class of a package; what Intent.parseUri reads from "component=pkg/.Cls". */
public final class ComponentName {
    private final String packageName;
    private final String className;

    public ComponentName(String pkg, String cls) {
        if (pkg == null) throw new NullPointerException("package name is null");
        if (cls == null) throw new NullPointerException("class name is null");
        this.packageName = pkg;
        this.className = cls;
    }

    public String getPackageName() {
        return packageName;
    }

    public String getClassName() {
        return className;
    }

    public String flattenToString() {
        return packageName + "/" + className;
    }

    /** "pkg/cls", where a class starting with "." is in the package: "pkg/.Cls". */
    public static ComponentName unflattenFromString(String str) {
        int slash = str.indexOf('/');
        if (slash < 0 || slash + 1 >= str.length()) return null;
        String pkg = str.substring(0, slash);
        String cls = str.substring(slash + 1);
        if (cls.startsWith(".")) cls = pkg + cls;
        return new ComponentName(pkg, cls);
    }

    @Override
    public String toString() {
        return "ComponentInfo{" + flattenToString() + "}";
    }
}
