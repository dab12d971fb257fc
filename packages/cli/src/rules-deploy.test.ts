import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { jsonSyntaxError } from "./json-syntax";
import { RULES_FILE, rulesDeploy } from "./rules-deploy";
import { fakeServer } from "./test-support";

const work = mkdtempSync(path.join(tmpdir(), "hybridge-rules-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const NOTES_RULES = {
  notes: {
    list: "doc.owner == auth.id",
    get: "doc.owner == auth.id",
    create: "auth != null && data.owner == auth.id",
    update: "doc.owner == auth.id && data.owner == auth.id",
    delete: "doc.owner == auth.id",
  },
  posts: { list: true, get: true, create: "auth != null", update: false, delete: false },
};

let server: Awaited<ReturnType<typeof fakeServer>>;
let answer: { status: number; json: unknown };
beforeAll(async () => {
  server = await fakeServer(() => answer);
});
afterAll(() => server?.close());
afterEach(() => {
  server.received.length = 0;
});

/** An app folder with its .env and, when given, its hybridge.rules.json. */
function appWith(rules: string | undefined, env = "HYBRIDGE_DEPLOY_TOKEN=hb_deploy_t\n") {
  const dir = mkdtempSync(path.join(work, "app-"));
  writeFileSync(path.join(dir, ".env"), `HYBRIDGE_SERVER=${server.url}/\n${env}`);
  if (rules !== undefined) writeFileSync(path.join(dir, RULES_FILE), rules);
  return dir;
}

const output = () => {
  let text = "";
  return { write: (chunk: string) => (text += chunk), text: () => text };
};

describe("hybridge rules deploy", () => {
  it("sends the file's rules with the deploy token and prints what was deployed", async () => {
    answer = { status: 200, json: { collections: ["notes", "posts"] } };
    const root = appWith(JSON.stringify(NOTES_RULES, null, 2));
    const out = output();
    expect(await rulesDeploy(root, { out })).toEqual(["notes", "posts"]);
    expect(server.received).toHaveLength(1);
    const [sent] = server.received;
    expect(sent?.method).toBe("PUT");
    expect(sent?.url).toBe("/api/v1/rules");
    expect(sent?.authorization).toBe("Bearer hb_deploy_t");
    expect(sent?.contentType).toBe("application/json");
    expect(JSON.parse(sent?.body.toString() ?? "")).toEqual({ rules: NOTES_RULES });
    expect(out.text()).toBe(
      `Deployed the rules of 2 collections on ${server.url}: notes, posts.\n`,
    );

    // --token wins over .env's.
    await rulesDeploy(root, { token: "hb_deploy_flag", out });
    expect(server.received[1]?.authorization).toBe("Bearer hb_deploy_flag");
  });

  it("prints the server's message for each invalid rule and fails", async () => {
    answer = {
      status: 400,
      json: {
        code: "VALIDATION",
        message:
          'notes.update: line 1, position 14: Unknown name "auht".\nnotes.list: line 1, position 5: Expected a value.',
      },
    };
    const root = appWith(JSON.stringify(NOTES_RULES));
    await expect(rulesDeploy(root, { out: output() })).rejects.toThrow(
      `The server refused ${RULES_FILE}; nothing was changed:\n  notes.update: line 1, position 14: Unknown name "auht".\n  notes.list: line 1, position 5: Expected a value.`,
    );
  });

  it("says when the server refuses the token, or cannot be reached", async () => {
    answer = {
      status: 401,
      json: { code: "UNAUTHENTICATED", message: "A valid deploy token is required." },
    };
    const root = appWith("{}");
    await expect(rulesDeploy(root, { out: output() })).rejects.toThrow(
      "Rules deploy refused (401): A valid deploy token is required.",
    );
    const down = appWith("{}");
    writeFileSync(path.join(down, ".env.local"), "HYBRIDGE_SERVER=http://127.0.0.1:9\n");
    await expect(rulesDeploy(down, { out: output() })).rejects.toThrow(
      /Could not reach http:\/\/127\.0\.0\.1:9/,
    );
  });

  it("reports a JSON syntax error with its line and position, before any request", async () => {
    const root = appWith('{\n  "notes": {\n    "list": true,\n  }\n}\n');
    await expect(rulesDeploy(root, { out: output() })).rejects.toThrow(
      `${RULES_FILE}: line 4, position 3: Expected a name in double quotes, found "}".`,
    );
    await expect(rulesDeploy(appWith("[]"), { out: output() })).rejects.toThrow(
      /must be an object of collections/,
    );
    await expect(rulesDeploy(appWith(undefined), { out: output() })).rejects.toThrow(
      `${RULES_FILE} is missing`,
    );
    await expect(rulesDeploy(appWith("{}", ""), { out: output() })).rejects.toThrow(
      /HYBRIDGE_DEPLOY_TOKEN is not set/,
    );
    expect(server.received).toHaveLength(0);
  });
});

describe("jsonSyntaxError", () => {
  it("is null for valid JSON, and points at the first error otherwise", () => {
    expect(jsonSyntaxError('{ "a": [1, -2.5e3, "x\\u00e9", true, null] }')).toBeNull();
    expect(jsonSyntaxError('{ "a": 1 "b": 2 }')).toEqual({
      line: 1,
      position: 10,
      message: 'Expected "," or "}", found """.',
    });
    expect(jsonSyntaxError('{\n  "a": "open\n')).toEqual({
      line: 2,
      position: 13,
      message: "A string cannot hold a line break or a control character.",
    });
    expect(jsonSyntaxError('{\n  "a": "open')).toMatchObject({ line: 2, position: 8 });
    expect(jsonSyntaxError('{ "a": tru }')).toMatchObject({
      line: 1,
      position: 8,
      message: 'Expected a value, found "t".',
    });
    expect(jsonSyntaxError('{ "a": 1 } x')).toMatchObject({ line: 1, position: 12 });
    expect(jsonSyntaxError("")).toMatchObject({
      line: 1,
      position: 1,
      message: "Expected a value, found the end of the file.",
    });
    expect(jsonSyntaxError("{ 'a': 1 }")?.message).toBe(
      'Expected a name in double quotes, found "\'".',
    );
  });
});
