package android.content.res;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** The APK's assets/ entries, looked up by exact name as Android does. */
public final class AssetManager {
    private final ZipFile apk;

    public AssetManager(ZipFile apk) {
        this.apk = apk;
    }

    /** Harness only: files added to the APK's assets (a build's hybridge.json), by name. */
    private java.util.Map<String, byte[]> added = java.util.Map.of();

    public AssetManager(ZipFile apk, java.util.Map<String, byte[]> added) {
        this.apk = apk;
        this.added = added;
    }

    public InputStream open(String fileName) throws IOException {
        if (added.containsKey(fileName)) return new java.io.ByteArrayInputStream(added.get(fileName));
        ZipEntry entry = apk.getEntry("assets/" + fileName);
        if (entry == null || entry.isDirectory()) throw new FileNotFoundException(fileName);
        return apk.getInputStream(entry);
    }
}
