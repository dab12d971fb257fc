import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deploy } from "./deploy";
import { filesWithTestKey, maskedKey } from "./test-key";
import { fakeServer } from "./test-support";

const work = mkdtempSync(path.join(tmpdir(), "hybridge-deploy-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A Test Mode key of the server's shape (hb_test_ and 43 letters and digits). */
const TEST_KEY = `hb_test_${"Ab3".repeat(14)}X`;

let server: Awaited<ReturnType<typeof fakeServer>>;
beforeAll(async () => {
  server = await fakeServer((request) =>
    request.method === "GET"
      ? { status: 200, json: { project: { name: "My Shop" } } }
      : { status: 201, json: { project: { name: "My Shop" }, bundle: { fileCount: 2 } } },
  );
});
afterAll(() => server?.close());
afterEach(() => {
  server.received.length = 0;
});

/** A built app: .env, the given env files, and dist/ with index.html and these files. */
function builtApp(files: Record<string, string>, envFiles: Record<string, string> = {}) {
  const root = mkdtempSync(path.join(work, "app-"));
  writeFileSync(
    path.join(root, ".env"),
    `HYBRIDGE_SERVER=${server.url}\nHYBRIDGE_APP_KEY=my-shop\nHYBRIDGE_DEPLOY_TOKEN=hb_deploy_t\n`,
  );
  for (const [name, text] of Object.entries(envFiles)) writeFileSync(path.join(root, name), text);
  for (const [name, text] of Object.entries({ "index.html": "<!doctype html>", ...files })) {
    const file = path.join(root, "dist", name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

const output = () => {
  let text = "";
  return { write: (chunk: string) => (text += chunk), text: () => text };
};
const uploads = () => server.received.filter((request) => request.method === "POST");

describe("hybridge deploy and the Test Mode key", () => {
  it("uploads a bundle without the key", async () => {
    const root = builtApp({ "assets/index.js": 'configure({appKey:"my-shop"})' });
    const out = output();
    await deploy(root, { build: false, out });
    expect(uploads()).toHaveLength(1);
    expect(out.text()).toContain("are the web app of “My Shop”");
  });

  it("warns before building when the app's server is this computer's own address", async () => {
    const root = builtApp({ "assets/index.js": "x" });
    const out = output();
    await deploy(root, { build: false, out });
    const text = out.text();
    // The test server listens on loopback, as a fresh clone's .env says.
    expect(text).toMatch(
      /^Warning: A phone cannot reach this server address\. The app's server address \(http:\/\/127\.0\.0\.1:\d+, HYBRIDGE_SERVER in its \.env\) is this computer's own address[^\n]*Set HYBRIDGE_SERVER to an address the phone can reach/,
    );
    expect(text.indexOf("Warning:")).toBeLessThan(text.indexOf("Uploading"));
  });

  it("refuses a bundle whose files hold a Test Mode key, naming them, and uploads nothing", async () => {
    const root = builtApp({
      "assets/index.js": `configure({key:"${TEST_KEY}"})`,
      "assets/index.js.map": `{"sourcesContent":["${TEST_KEY}"]}`,
      "assets/logo.svg": "<svg/>",
    });
    const refused = deploy(root, { build: false, out: output() });
    await expect(refused).rejects.toThrow(
      /holds a Test Mode key, in:\n {2}dist\/assets\/index\.js\n {2}dist\/assets\/index\.js\.map\n/,
    );
    await expect(refused).rejects.toThrow(/--allow-test-key/);
    // The message never repeats the key itself.
    await expect(refused).rejects.not.toThrow(TEST_KEY);
    expect(uploads()).toHaveLength(0);
  });

  it("finds the app's own HYBRIDGE_DATABASE_KEY, whatever its shape, in .env.development", async () => {
    const own = "hb_test_olderShapeOfKey";
    const root = builtApp(
      { "assets/chunk.js": `const k="${own}";` },
      { ".env.development": `HYBRIDGE_DATABASE_KEY=${own}\n` },
    );
    await expect(deploy(root, { build: false, out: output() })).rejects.toThrow(
      /in:\n {2}dist\/assets\/chunk\.js\n/,
    );
    expect(uploads()).toHaveLength(0);
  });

  it("uploads it anyway with --allow-test-key, and says what it holds", async () => {
    const root = builtApp({ "assets/index.js": `k="${TEST_KEY}"` });
    const out = output();
    await deploy(root, { build: false, allowTestKey: true, out });
    expect(uploads()).toHaveLength(1);
    expect(out.text()).toContain("Warning: uploading a bundle that holds a Test Mode key");
    expect(out.text()).toContain("dist/assets/index.js");
    expect(out.text()).not.toContain(TEST_KEY);
  });
});

describe("filesWithTestKey", () => {
  it("reads every file, binary ones too, and ignores a short or empty known key", async () => {
    const root = builtApp({
      "a/b/font.woff2": `\u0000\u00ff${TEST_KEY}\u0000`,
      "c.txt": "hb_test_",
    });
    expect(await filesWithTestKey(path.join(root, "dist"), ["", "  ", "hb_"])).toEqual([
      "a/b/font.woff2",
    ]);
    expect(maskedKey(TEST_KEY)).toBe("hb_test_Ab3A…");
  });
});

describe("hybridge deploy --channel --rollout --message", () => {
  /** The multipart form's text field `name` in an upload, or undefined. */
  const field = (body: Buffer, name: string) =>
    new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body.toString("latin1"))?.[1];

  it("sends the update's channel, rollout and message before the file, and names them after", async () => {
    const updates = await fakeServer((request) =>
      request.method === "GET"
        ? { status: 200, json: { project: { name: "My Shop" } } }
        : {
            status: 201,
            json: {
              project: { name: "My Shop" },
              bundle: { fileCount: 1 },
              update: { channel: "beta", rolloutPercent: 20, message: "Fixes the typo" },
            },
          },
    );
    try {
      const root = builtApp({});
      writeFileSync(
        path.join(root, ".env"),
        `HYBRIDGE_SERVER=${updates.url}\nHYBRIDGE_DEPLOY_TOKEN=hb_deploy_t\n`,
      );
      const out = output();
      await deploy(root, {
        build: false,
        channel: "beta",
        rollout: "20",
        message: "Fixes the typo",
        out,
      });
      const upload = updates.received.find((request) => request.method === "POST");
      const body = upload?.body ?? Buffer.alloc(0);
      expect(field(body, "channel")).toBe("beta");
      expect(field(body, "rolloutPercent")).toBe("20");
      expect(field(body, "message")).toBe("Fixes the typo");
      const text = body.toString("latin1");
      expect(text.indexOf('name="message"')).toBeLessThan(text.indexOf('filename="dist.zip"'));
      expect(out.text()).toContain(
        "Update “Fixes the typo” on channel “beta” for 20 % of installs",
      );
    } finally {
      await updates.close();
    }
  });

  it("sends no update field without the flags", async () => {
    const root = builtApp({});
    await deploy(root, { build: false, out: output() });
    const text = uploads()[0]?.body.toString("latin1") ?? "";
    expect(text).toContain('filename="dist.zip"');
    expect(text).not.toContain('name="channel"');
    expect(text).not.toContain('name="rolloutPercent"');
  });

  it("says the server's refusal of a field it checks itself", async () => {
    const strict = await fakeServer((request) =>
      request.method === "GET"
        ? { status: 200, json: { project: { name: "My Shop" } } }
        : { status: 400, json: { code: "VALIDATION", message: "Channel not found." } },
    );
    try {
      const root = builtApp({});
      writeFileSync(
        path.join(root, ".env"),
        `HYBRIDGE_SERVER=${strict.url}\nHYBRIDGE_DEPLOY_TOKEN=hb_deploy_t\n`,
      );
      await expect(deploy(root, { build: false, channel: "beta", out: output() })).rejects.toThrow(
        "Deploy refused (400): Channel not found.",
      );
    } finally {
      await strict.close();
    }
  });

  it.each([
    [{ rollout: "0" }, /^--rollout: The rollout is a whole percentage from 1 to 100\.$/],
    [{ rollout: "101" }, /^--rollout: /],
    [{ rollout: "20%" }, /^--rollout: /],
    [{ channel: "Beta Users" }, /^--channel: A channel name has 1 to 40 characters/],
    [{ message: "x".repeat(201) }, /^--message: The message has at most 200 characters\.$/],
  ])("refuses %o with the server's own words, before asking the server", async (flags, error) => {
    const root = builtApp({});
    await expect(deploy(root, { build: false, out: output(), ...flags })).rejects.toThrow(error);
    expect(server.received).toHaveLength(0);
  });
});
