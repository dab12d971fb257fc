package android.content;

import android.net.Uri;
import java.util.ArrayList;
import java.util.List;

/** What a picker returns for several files: one Item (a content URI) per file. */
public class ClipData {
    private final List<Item> items = new ArrayList<>();

    public ClipData(CharSequence label, String[] mimeTypes, Item item) {
        if (item == null) throw new NullPointerException("item is null");
        items.add(item);
    }

    public void addItem(Item item) {
        if (item == null) throw new NullPointerException("item is null");
        items.add(item);
    }

    public int getItemCount() {
        return items.size();
    }

    public Item getItemAt(int index) {
        return items.get(index);
    }

    public static class Item {
        private final Uri uri;

        public Item(Uri uri) {
            this.uri = uri;
        }

        public Uri getUri() {
            return uri;
        }
    }
}
