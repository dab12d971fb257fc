import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import { describe, expect, it, onTestFinished } from "vitest";
import { devLink, lanAddress } from "./dev-payload";
import { parseEnvFile, readProjectEnv } from "./project-env";
import { readTerminalQr, terminalQr } from "./terminal-qr";

describe("parseEnvFile", () => {
  it("reads KEY=value lines the way Vite's .env files are written", () => {
    expect(
      parseEnvFile(
        [
          "# a comment",
          "",
          "HYBRIDGE_SERVER=http://10.0.0.2:3000",
          'QUOTED="a value # kept"',
          "SINGLE='x'",
          "EMPTY=",
          "export EXPORTED=yes",
          "TRAILING=value # a comment",
          "not a line",
        ].join("\r\n"),
      ),
    ).toEqual({
      HYBRIDGE_SERVER: "http://10.0.0.2:3000",
      QUOTED: "a value # kept",
      SINGLE: "x",
      EMPTY: "",
      EXPORTED: "yes",
      TRAILING: "value",
    });
  });
});

describe("readProjectEnv", () => {
  it("reads the files Vite reads in the mode: the Test Mode key in development only", () => {
    const root = mkdtempSync(path.join(tmpdir(), "hybridge-env-"));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    const files: Record<string, string> = {
      ".env": "HYBRIDGE_SERVER=http://a\nHYBRIDGE_APP_KEY=my-shop\nHYBRIDGE_DEPLOY_TOKEN=t1\n",
      ".env.local": "HYBRIDGE_DEPLOY_TOKEN=t2\n",
      ".env.development": "HYBRIDGE_DATABASE_KEY=hb_test_k\nHYBRIDGE_SERVER=http://dev\n",
      ".env.development.local": "HYBRIDGE_SERVER=http://dev-local\n",
      ".env.production": "HYBRIDGE_SERVER=http://prod\n",
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
    expect(readProjectEnv(root, "development")).toMatchObject({
      HYBRIDGE_SERVER: "http://dev-local",
      HYBRIDGE_APP_KEY: "my-shop",
      HYBRIDGE_DATABASE_KEY: "hb_test_k",
      HYBRIDGE_DEPLOY_TOKEN: "t2",
    });
    const production = readProjectEnv(root, "production");
    expect(production).toMatchObject({
      HYBRIDGE_SERVER: "http://prod",
      HYBRIDGE_DEPLOY_TOKEN: "t2",
    });
    expect(production.HYBRIDGE_DATABASE_KEY).toBeUndefined();
  });
});

describe("lanAddress", () => {
  it("is the first IPv4 address that is not loopback", () => {
    expect(
      lanAddress({
        lo: [
          {
            address: "127.0.0.1",
            family: "IPv4",
            internal: true,
            netmask: "255.0.0.0",
            mac: "",
            cidr: null,
          },
        ],
        eth0: [
          {
            address: "fe80::1",
            family: "IPv6",
            internal: false,
            netmask: "",
            mac: "",
            cidr: null,
            scopeid: 0,
          },
          {
            address: "192.168.1.23",
            family: "IPv4",
            internal: false,
            netmask: "255.255.255.0",
            mac: "",
            cidr: null,
          },
        ],
      }),
    ).toBe("192.168.1.23");
    expect(lanAddress({})).toBeNull();
  });
});

describe("devLink", () => {
  const base = { appKey: "my-shop", localhostUrl: "http://192.168.1.23:5173" };

  it("is the https link of the test console's QR code, checked by the server", async () => {
    const asked: string[] = [];
    const { url, warnings } = await devLink({
      ...base,
      server: "http://10.0.0.2:3000/",
      fetch: (async (requested: string) => {
        asked.push(requested);
        return Response.json({ v: 1 });
      }) as typeof fetch,
    });
    expect(url).toBe("http://10.0.0.2:3000/dev/my-shop?url=http%3A%2F%2F192.168.1.23%3A5173%2F");
    expect(warnings).toEqual([]);
    expect(asked).toEqual([
      "http://10.0.0.2:3000/api/v1/dev-link/my-shop?url=http%3A%2F%2F192.168.1.23%3A5173",
    ]);
  });

  it("says why a phone will not get there", async () => {
    const refused = await devLink({
      ...base,
      server: "http://localhost:3000",
      fetch: (async () =>
        Response.json(
          { code: "NOT_FOUND", message: "No app has this key." },
          { status: 404 },
        )) as unknown as typeof fetch,
    });
    expect(refused.warnings).toEqual([
      expect.stringMatching(
        /^A phone cannot reach this server address\. The app's server address \(http:\/\/localhost:3000, HYBRIDGE_SERVER in its \.env\) is this computer's own address/,
      ),
      "The server refuses this link: No app has this key.",
    ]);
    const down = await devLink({
      ...base,
      server: "http://10.0.0.2:3000",
      fetch: (async () => {
        throw new Error("connect ECONNREFUSED");
      }) as typeof fetch,
    });
    expect(down.warnings).toEqual([
      "Could not check the link with http://10.0.0.2:3000 (connect ECONNREFUSED): is the server running?",
    ]);
  });
});

describe("the terminal QR code", () => {
  it("decodes back to the link it was drawn from", () => {
    const link = "http://192.168.1.2:3000/dev/my-shop?url=http%3A%2F%2F192.168.1.23%3A5173%2F";
    const printed = `\n  Hybridge dev server for my-shop\n\n${terminalQr(link)}\n\n  Scan the code\n`;
    expect(decodeModules(readTerminalQr(printed))).toBe(link);
  });
});

/** A module matrix drawn black on white, 4 pixels a module, and read by jsQR. */
function decodeModules(rows: boolean[][]): string | undefined {
  const scale = 4;
  const height = rows.length * scale;
  const width = (rows[0]?.length ?? 0) * scale;
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dark = rows[Math.floor(y / scale)]?.[Math.floor(x / scale)] ?? false;
      pixels.fill(dark ? 0 : 255, (y * width + x) * 4, (y * width + x) * 4 + 3);
      pixels[(y * width + x) * 4 + 3] = 255;
    }
  }
  return jsQR(pixels, width, height)?.data;
}
