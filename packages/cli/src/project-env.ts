import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The variables of a Hybridge app (create-hybridge writes them into its .env). */
export const ENV = {
  server: "HYBRIDGE_SERVER",
  appKey: "HYBRIDGE_APP_KEY",
  databaseKey: "HYBRIDGE_DATABASE_KEY",
  deployToken: "HYBRIDGE_DEPLOY_TOKEN",
} as const;

/** `KEY=value` lines; `#` comments and blank lines skipped; one level of quotes removed. */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match?.[1]) continue;
    let value = match[2] ?? "";
    const quoted = /^(['"])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2] ?? "";
    else value = value.replace(/\s+#.*$/, "");
    out[match[1]] = value;
  }
  return out;
}

/** Vite's modes: `hybridge dev` runs the app in development, `vite build` in production. */
export type ViteMode = "development" | "production";

/**
 * The app's settings as Vite sees them in `mode`: `.env`, `.env.local`, `.env.<mode>`, then
 * `.env.<mode>.local`, each over the ones before, then the process's own environment over all
 * (so CI can pass the deploy token as a secret). `hybridge deploy` reads both modes to find the
 * Test Mode key's value wherever a developer put it (no command needs the key itself).
 */
export function readProjectEnv(root: string, mode: ViteMode): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of [".env", ".env.local", `.env.${mode}`, `.env.${mode}.local`]) {
    const file = path.join(root, name);
    if (existsSync(file)) Object.assign(env, parseEnvFile(readFileSync(file, "utf8")));
  }
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith("HYBRIDGE_") && value) env[name] = value;
  }
  return env;
}

/** A required setting, or a clear error naming where to set it. */
export function required(env: Record<string, string>, name: string, hint: string): string {
  const value = env[name]?.trim();
  if (!value) throw new CliError(`${name} is not set in .env. ${hint}`);
  return value.replace(/\/+$/, "");
}

/** An error for the user: printed as its message, without a stack. */
export class CliError extends Error {}
