import { callNative, insideApp } from "./bridge";

/** Where the page runs and, inside the app, which app and shell. */
export type DeviceInfo = {
  /** "android" inside the Android app (or dev app), "web" in a browser. */
  platform: "android" | "web";
  /** The app's version name and build number (its manifest's); null in a browser. */
  appVersion: string | null;
  appBuild: number | null;
  /** The native shell's version and its bridge protocol's; null in a browser. */
  shellVersion: string | null;
  bridgeVersion: number | null;
  /** Android's API level (24 is Android 7.0); null in a browser. */
  androidSdk: number | null;
};

const BROWSER: DeviceInfo = {
  platform: "web",
  appVersion: null,
  appBuild: null,
  shellVersion: null,
  bridgeVersion: null,
  androidSdk: null,
};

export const device = {
  /**
   * Lets the user pick photos; resolves with them as File objects, or an empty array when the
   * user cancels. The page's own file input, in both: in a browser the file picker, in the app
   * the phone's gallery (the shell answers the WebView's file chooser).
   */
  openGallery(options: { multiple?: boolean } = {}): Promise<File[]> {
    return new Promise((resolve) => {
      const input = document.createElement("input");
      input.type = "file";
      input.accept = "image/*";
      input.multiple = options.multiple ?? false;
      input.style.display = "none";
      const done = (files: File[]) => {
        input.remove();
        resolve(files);
      };
      input.addEventListener("change", () => done([...(input.files ?? [])]), { once: true });
      input.addEventListener("cancel", () => done([]), { once: true });
      document.body.append(input);
      input.click();
    });
  },

  /** Where the page runs: "web" in a browser; in the app, the app's and the shell's versions. */
  async info(): Promise<DeviceInfo> {
    if (!insideApp()) return { ...BROWSER };
    return { ...BROWSER, ...((await callNative("device.info")) as Partial<DeviceInfo>) };
  },
};
