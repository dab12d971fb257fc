import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { APPS_PATH } from "@hybridge/shared/test-console/defaults";

/** The template's files, next to this module's folder (src/ in the workspace, dist/ packed). */
export const TEMPLATE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../template",
);

/**
 * The registry's packages a new app uses, at the ranges the Hybridge console itself is built
 * with (a test keeps them equal to apps/web's).
 */
export const TEMPLATE_DEPENDENCIES = {
  dependencies: { react: "^19.3.1", "react-dom": "^19.3.1" },
  devDependencies: {
    "@types/react": "^19.3.0",
    "@types/react-dom": "^19.3.0",
    "@vitejs/plugin-react": "^6.3.0",
    typescript: "^7.0.2",
    vite: "^8.3.8",
  },
} as const;

/** The server's tarballs of the SDK and the command line (apps/server/src/platform/packages.ts). */
export const packageUrl = (server: string, file: "hybridge-app" | "hybridge-cli") =>
  `${server}/cli/${file}.tgz`;

/** An error for the user: printed as its message, without a stack. */
export class ScaffoldError extends Error {}

/** A folder name as an npm package name: lowercase, with `-` for anything npm refuses. */
export function packageName(folder: string): string {
  const name = path
    .basename(path.resolve(folder))
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[._-]+/, "")
    .slice(0, 214);
  return name || "hybridge-app";
}

/** The server's address as given, checked and without a trailing slash. */
export function serverAddress(raw: string | undefined): string {
  if (!raw?.trim()) {
    throw new ScaffoldError(
      "Give your Hybridge server's address: --server https://your-hybridge.example (the settings page shows the whole command).",
    );
  }
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ScaffoldError(`"${raw}" is not an address: use http://… or https://….`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ScaffoldError(`"${raw}" is not an address: use http://… or https://….`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** Refuses a folder that exists and holds anything. */
export function checkTarget(target: string, shownAs: string) {
  if (!existsSync(target)) return;
  if (readdirSync(target).length > 0) {
    throw new ScaffoldError(
      `The folder "${shownAs}" already exists and is not empty: choose another name, or empty it first.`,
    );
  }
}

/**
 * Asks the server whether the app key exists (`GET /api/v1/apps/{appKey}`), and the app's name
 * (the new app's title).
 */
export async function checkAppKey(
  server: string,
  appKey: string,
  fetcher: typeof fetch = fetch,
): Promise<{ name: string }> {
  let response: Response;
  try {
    response = await fetcher(`${server}${APPS_PATH}/${encodeURIComponent(appKey)}`);
  } catch (error) {
    throw new ScaffoldError(
      `Could not reach the Hybridge server at ${server} (${(error as Error).message}): check the address.`,
    );
  }
  const answer = (await response.json().catch(() => null)) as {
    message?: string;
    name?: unknown;
  } | null;
  if (response.ok) return { name: typeof answer?.name === "string" ? answer.name : appKey };
  if (response.status === 404) {
    throw new ScaffoldError(
      `Unknown app key "${appKey}" on ${server}: ${answer?.message ?? "copy it from your project's settings page."}`,
    );
  }
  throw new ScaffoldError(
    `The server at ${server} answered ${response.status}${answer?.message ? `: ${answer.message}` : "."}`,
  );
}

/**
 * The new app's .env: the server and the public app key (the app's code sees both), and the
 * deploy token, which the hybridge command reads and the app never sees. Nothing else: the
 * Test Mode key is no setting of the app (no .env.development is written, decision 045).
 */
export function envFile(server: string, appKey: string): string {
  return [
    "# Your Hybridge app's settings. This file stays out of Git (.gitignore): it holds your deploy token.",
    "# The server and the app key are public: the app calls with them, as its signed-in users.",
    `HYBRIDGE_SERVER=${server}`,
    `HYBRIDGE_APP_KEY=${appKey}`,
    "# For npm run deploy and npm run rules: a deploy token from the console (project page, Web",
    "# app section). Never exposed to the app's code.",
    "HYBRIDGE_DEPLOY_TOKEN=",
    "",
  ].join("\n");
}

/** Every file of the template with its placeholders filled, by relative path. */
function templateFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...templateFiles(dir, name));
    else out.push(name);
  }
  return out;
}

/** Text as HTML reads it literally. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Writes the new app into `target` (which is absent or empty). `title` is the project's name (the
 * page's title and heading); without it, the folder's.
 */
export async function scaffold(options: {
  target: string;
  server: string;
  appKey: string;
  title?: string;
  templateDir?: string;
}) {
  const { target, server, appKey } = options;
  const templateDir = options.templateDir ?? TEMPLATE_DIR;
  const name = packageName(target);
  const title = options.title ?? name;
  const fill = (text: string) =>
    text
      .replaceAll("{{TITLE_HTML}}", escapeHtml(title))
      // Inside a double-quoted string of App.tsx.
      .replaceAll("{{TITLE_JS}}", JSON.stringify(title).slice(1, -1))
      .replaceAll("{{TITLE}}", title)
      .replaceAll("{{NAME}}", name)
      .replaceAll("{{APP_KEY}}", appKey)
      .replaceAll("{{SERVER}}", server);

  await mkdir(target, { recursive: true });
  for (const file of templateFiles(templateDir)) {
    // npm leaves .gitignore files out of packages: the template's is named gitignore.
    const out = path.join(target, file === "gitignore" ? ".gitignore" : file);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, fill(readFileSync(path.join(templateDir, file), "utf8")));
  }
  const manifest = {
    name,
    private: true,
    version: "0.0.0",
    type: "module",
    scripts: {
      dev: "hybridge dev",
      build: "vite build",
      typecheck: "tsc",
      preview: "vite preview",
      deploy: "hybridge deploy",
      rules: "hybridge rules deploy",
    },
    dependencies: {
      "@hybridge/app": packageUrl(server, "hybridge-app"),
      ...TEMPLATE_DEPENDENCIES.dependencies,
    },
    devDependencies: {
      "@hybridge/cli": packageUrl(server, "hybridge-cli"),
      ...TEMPLATE_DEPENDENCIES.devDependencies,
    },
  };
  await writeFile(path.join(target, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(target, ".env"), envFile(server, appKey));
}
