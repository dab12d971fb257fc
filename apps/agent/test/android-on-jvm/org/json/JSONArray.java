package org.json;

import java.util.ArrayList;
import java.util.List;

/** The methods the shell calls, with Android's signatures. */
public class JSONArray {
    private final List<Object> values = new ArrayList<>();

    public JSONArray() {}

    public JSONArray(String json) throws JSONException {
        JSONTokener tokener = new JSONTokener(json);
        Object value = tokener.nextValue();
        if (!(value instanceof JSONArray) || !tokener.atEnd())
            throw new JSONException("Value is not a JSONArray");
        values.addAll(((JSONArray) value).values);
    }

    public JSONArray put(Object value) {
        values.add(value);
        return this;
    }

    public int length() {
        return values.size();
    }

    public JSONObject optJSONObject(int index) {
        if (index < 0 || index >= values.size()) return null;
        Object value = values.get(index);
        return value instanceof JSONObject ? (JSONObject) value : null;
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("[");
        for (Object value : values) {
            if (out.length() > 1) out.append(',');
            out.append(JSONTokener.write(value));
        }
        return out.append(']').toString();
    }
}
