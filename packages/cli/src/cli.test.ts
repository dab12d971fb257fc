import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { devPayload, lanAddress } from "./dev-payload";
import { parseEnvFile, readProjectEnv } from "./project-env";

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

describe("devPayload", () => {
  const base = {
    server: "http://10.0.0.2:3000",
    appKey: "my-shop",
    localhostUrl: "http://192.168.1.23:5173",
  };

  it("is the console's payload read with the database key, pointing at this dev server", async () => {
    const stored = {
      v: 1,
      server: base.server,
      appKey: "my-shop",
      config: { navBarType: "header", localhostUrl: "http://old:1", statusBar: "#123456" },
    };
    const asked: Request[] = [];
    const { payload, warning } = await devPayload({
      ...base,
      databaseKey: "hb_test_k",
      fetch: (async (url: string, init: RequestInit) => {
        asked.push(new Request(url, init));
        return Response.json(stored);
      }) as typeof fetch,
    });
    expect(warning).toBeNull();
    expect(payload).toEqual({
      ...stored,
      config: { ...stored.config, localhostUrl: base.localhostUrl },
    });
    expect(asked[0]?.url).toBe("http://10.0.0.2:3000/api/v1/dev-config/my-shop");
    expect(asked[0]?.headers.get("authorization")).toBe("Bearer hb_test_k");
  });

  it("falls back to the default test settings, saying why", async () => {
    const refused = await devPayload({
      ...base,
      databaseKey: "hb_test_old",
      fetch: (async () =>
        Response.json(
          {
            code: "UNAUTHENTICATED",
            message: "The Test Mode key is switched off for this project.",
          },
          { status: 401 },
        )) as unknown as typeof fetch,
    });
    expect(refused.payload.config).toEqual({
      navBarType: "footer",
      localhostUrl: base.localhostUrl,
      statusBar: "#099e51",
    });
    expect(refused.warning).toMatch(
      /refused HYBRIDGE_DATABASE_KEY for this app \(The Test Mode key is switched off for this project\.\).*\.env\.development/,
    );
    const empty = await devPayload({ ...base, databaseKey: "" });
    expect(empty.warning).toMatch(/HYBRIDGE_DATABASE_KEY .* is empty in \.env\.development/);
  });
});
