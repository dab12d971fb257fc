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

    public InputStream open(String fileName) throws IOException {
        ZipEntry entry = apk.getEntry("assets/" + fileName);
        if (entry == null || entry.isDirectory()) throw new FileNotFoundException(fileName);
        return apk.getInputStream(entry);
    }
}
