package android.content;

import android.net.Uri;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A resolver whose every collection takes inserts: what was inserted (inserted) and the bytes
 * written to each new item (written), for the harness.
 */
public abstract class ContentResolver {
    public final Map<String, ContentValues> inserted = new LinkedHashMap<>();
    public final Map<String, ByteArrayOutputStream> written = new LinkedHashMap<>();

    public ContentResolver(Context context) {}

    public final Uri insert(Uri url, ContentValues values) {
        Uri item = Uri.parse(url + "/" + (inserted.size() + 1));
        inserted.put(item.toString(), values);
        return item;
    }

    public final OutputStream openOutputStream(Uri uri) throws FileNotFoundException {
        if (!inserted.containsKey(uri.toString())) throw new FileNotFoundException(uri.toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        written.put(uri.toString(), out);
        return out;
    }
}
