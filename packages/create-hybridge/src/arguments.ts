import { parseArgs } from "node:util";
import { ScaffoldError } from "./scaffold";

export const USAGE = `Usage: create-hybridge <folder> --app-key <APP_KEY> --server <address>

Creates a Vite + React + TypeScript app in <folder>, linked to your Hybridge project.
  --app-key  the app key from your project's settings page (not its Test Mode key)
  --server   your Hybridge server's address (or HYBRIDGE_SERVER)
`;

/** What `--key` (the flag's name before issue 28, still taken) prints on stderr. */
export const DEPRECATED_KEY_FLAG =
  "--key is deprecated and will be removed: use --app-key (the same app key).";

/**
 * The command line: the folder, the app key (`--app-key`, or the deprecated `--key`, with a
 * word in `deprecated`), the server. Throws a ScaffoldError saying what is missing.
 */
export function readArguments(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      "app-key": { type: "string" },
      key: { type: "string" },
      server: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const deprecated = values.key === undefined ? [] : [DEPRECATED_KEY_FLAG];
  if (values.help) return { folder: "", appKey: "", server: undefined, help: true, deprecated };
  const [folder, ...extra] = positionals;
  if (!folder || extra.length > 0) {
    throw new ScaffoldError(`Name one folder for the new app, e.g. my-app.\n\n${USAGE}`);
  }
  const appKey = (values["app-key"] ?? values.key)?.trim();
  if (!appKey) {
    throw new ScaffoldError(
      "Give your app key: --app-key <APP_KEY> (your project's settings page).",
    );
  }
  return { folder, appKey, server: values.server, help: false, deprecated };
}
