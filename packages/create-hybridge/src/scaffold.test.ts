import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkAppKey,
  checkTarget,
  packageName,
  scaffold,
  serverAddress,
  TEMPLATE_DEPENDENCIES,
} from "./scaffold";

const work = mkdtempSync(path.join(tmpdir(), "create-hybridge-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const repo = path.resolve(import.meta.dirname, "../../..");
const manifest = (file: string) => JSON.parse(readFileSync(path.join(repo, file), "utf8"));

describe("create-hybridge", () => {
  it("writes a Vite + React + TypeScript app linked to the app key and the server", async () => {
    const target = path.join(work, "My Shop");
    await scaffold({
      target,
      server: "http://10.0.0.2:3000",
      appKey: "my-shop",
      title: 'Café "<Bar> & Co"',
    });
    const read = (file: string) => readFileSync(path.join(target, file), "utf8");

    const pkg = JSON.parse(read("package.json"));
    expect(pkg.name).toBe("my-shop");
    expect(pkg.dependencies["@hybridge/app"]).toBe("http://10.0.0.2:3000/cli/hybridge-app.tgz");
    expect(pkg.devDependencies["@hybridge/cli"]).toBe("http://10.0.0.2:3000/cli/hybridge-cli.tgz");
    expect(pkg.scripts).toMatchObject({
      dev: "hybridge dev",
      build: "vite build",
      deploy: "hybridge deploy",
      rules: "hybridge rules deploy",
    });

    // .env: the server and the public app key, and the deploy token. The Test Mode key is
    // nowhere: neither the app nor `npm run dev` reads it (the dev app's link is public).
    const env = read(".env");
    expect(env).toContain("HYBRIDGE_SERVER=http://10.0.0.2:3000\n");
    expect(env).toContain("HYBRIDGE_APP_KEY=my-shop\n");
    expect(env).toContain("HYBRIDGE_DEPLOY_TOKEN=\n");
    expect(env).not.toContain("HYBRIDGE_DATABASE_KEY");
    expect(existsSync(path.join(target, ".env.development"))).toBe(false);
    expect(read(".gitignore").split("\n")).toEqual(expect.arrayContaining([".env", ".env.*"]));
    // Neither secret ever enters the app's code: Vite exposes the listed names only.
    const prefixes = /envPrefix: \[([^\]]*)\]/.exec(read("vite.config.ts"))?.[1] ?? "";
    expect(prefixes).toContain('"HYBRIDGE_APP_KEY"');
    for (const prefix of prefixes.match(/"[^"]+"/g) ?? []) {
      for (const secret of ["HYBRIDGE_DEPLOY_TOKEN", "HYBRIDGE_DATABASE_KEY"]) {
        expect(secret.startsWith(prefix.slice(1, -1)), prefix).toBe(false);
      }
    }

    // The private-per-user notes rule, and a first screen that signs in and lists its own notes.
    expect(JSON.parse(read("hybridge.rules.json"))).toEqual({
      notes: {
        list: "doc.owner == auth.id",
        get: "doc.owner == auth.id",
        create: "auth != null && data.owner == auth.id",
        update: "doc.owner == auth.id && data.owner == auth.id",
        delete: "doc.owner == auth.id",
      },
    });
    const app = read("src/App.tsx");
    expect(app).toContain('from "@hybridge/app"');
    for (const call of [
      "auth.signIn(",
      "auth.signUp(",
      "auth.signOut(",
      '.where("owner", "==", user.id)',
      ".watch(",
    ]) {
      expect(app, call).toContain(call);
    }
    expect(read("src/main.tsx")).toContain("appKey: import.meta.env.HYBRIDGE_APP_KEY");
    expect(read("README.md")).toContain("## Going live");
    // Titled with the project's name (the server's answer), not the folder's.
    expect(read("index.html")).toContain("<title>Café &#34;&#60;Bar&#62; &#38; Co&#34;</title>");
    expect(read("src/App.tsx")).toContain('<h1>{"Café \\"<Bar> & Co\\""}</h1>');
    expect(read("README.md").split("\n")[0]).toBe('# Café "<Bar> & Co"');
  });

  it("uses the registry packages at the console's own ranges", () => {
    const web = manifest("apps/web/package.json");
    const all = { ...web.dependencies, ...web.devDependencies };
    for (const [name, range] of Object.entries(TEMPLATE_DEPENDENCIES.dependencies)) {
      expect(range, name).toBe(all[name]);
    }
    for (const [name, range] of Object.entries(TEMPLATE_DEPENDENCIES.devDependencies)) {
      expect(range, name).toBe(
        name === "typescript" ? manifest("package.json").devDependencies.typescript : all[name],
      );
    }
  });

  it("refuses a folder that holds anything", () => {
    const full = path.join(work, "full");
    mkdirSync(full);
    checkTarget(full, "full");
    writeFileSync(path.join(full, "notes.txt"), "mine");
    expect(() => checkTarget(full, "full")).toThrow(/"full" already exists and is not empty/);
    checkTarget(path.join(work, "absent"), "absent");
  });

  it("checks the app key with the server, and says what is wrong", async () => {
    const answers: Record<string, Response> = {
      "http://s/api/v1/apps/known": Response.json({ appKey: "known", name: "Known App" }),
      "http://s/api/v1/apps/unknown": Response.json(
        { code: "NOT_FOUND", message: "No app has this key." },
        { status: 404 },
      ),
    };
    const fetcher = (async (url: string) => {
      const answer = answers[url];
      if (!answer) throw new TypeError("fetch failed");
      return answer;
    }) as unknown as typeof fetch;
    expect(await checkAppKey("http://s", "known", fetcher)).toEqual({ name: "Known App" });
    await expect(checkAppKey("http://s", "unknown", fetcher)).rejects.toThrow(
      'Unknown app key "unknown" on http://s: No app has this key.',
    );
    await expect(checkAppKey("http://down", "x", fetcher)).rejects.toThrow(
      /Could not reach the Hybridge server at http:\/\/down/,
    );
  });

  it("names the package after the folder and wants an http(s) server address", () => {
    expect(packageName("./apps/My Shop!")).toBe("my-shop-");
    expect(packageName("...")).not.toBe("");
    expect(serverAddress("http://10.0.0.2:3000/")).toBe("http://10.0.0.2:3000");
    expect(() => serverAddress(undefined)).toThrow(/--server/);
    expect(() => serverAddress("ftp://x")).toThrow(/not an address/);
    expect(() => serverAddress("localhost:3000")).toThrow(/not an address/);
  });
});
