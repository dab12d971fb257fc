import type { ShellJvm } from "./shell-on-jvm";

/** DevActivity's state after a command (DevAppOnJvm.java). */
export interface DevAppState {
  /** The URL the WebView was last told to load. */
  loadedUrl: string | null;
  /** #rrggbb, null while the theme's. */
  statusBarColor: string | null;
  /** Dark icons (View.SYSTEM_UI_FLAG_LIGHT_STATUS_BAR). */
  lightStatusBar: boolean;
  /** The origin the bridge answers. */
  bridgeOrigin: string | null;
}

export type DevAppAnswer =
  | DevAppState
  | { url: string; staysInWebView: boolean; state: DevAppState }
  | { url: string; intercepted: false }
  | {
      url: string;
      intercepted: true;
      status: number;
      mimeType: string | null;
      body: string | null;
    }
  | { url: string; private: boolean };

/**
 * Runs the dev app's bytecode (its APK's classes.dex, prepared by prepareShellOnJvm) through
 * DevAppOnJvm: one answer per command ("start LINK", "intent LINK", "link URL", "main URL",
 * "sub URL", "error URL", "recreate", "gone", "check URL"), in order. `filesDir`: the app's
 * private files (getFilesDir), to look at afterwards; a temporary folder otherwise.
 */
export async function runDevAppOnJvm(
  jvm: ShellJvm,
  commands: string[],
  filesDir?: string,
): Promise<DevAppAnswer[]> {
  const { activity, answers } = await jvm.run(commands, {
    mainClass: "dev.hybridge.shell.DevAppOnJvm",
    ...(filesDir ? { filesDir } : {}),
  });
  return [activity, ...answers] as unknown as DevAppAnswer[];
}
