package android.graphics;

/** luminance as Android 7 (API 24) computes it: WCAG's relative luminance of an sRGB colour. */
public class Color {
    public static float luminance(int color) {
        double r = linear(((color >> 16) & 0xff) / 255.0);
        double g = linear(((color >> 8) & 0xff) / 255.0);
        double b = linear((color & 0xff) / 255.0);
        return (float) ((0.2126 * r) + (0.7152 * g) + (0.0722 * b));
    }

    private static double linear(double c) {
        return c < 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
}
