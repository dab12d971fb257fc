package org.json;

/** Checked, as Android's. */
public class JSONException extends Exception {
    public JSONException(String message) {
        super(message);
    }
}
