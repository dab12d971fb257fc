import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { jsonSyntaxError } from "./json-syntax";
import { CliError, ENV, readProjectEnv, required } from "./project-env";
import { readAnswer, refused, unreachable } from "./server-call";

/** The app's access rules, at its root, reviewed like code. */
export const RULES_FILE = "hybridge.rules.json";
/** Where `hybridge rules deploy` sends them: `PUT`, `{ rules }`, with a deploy token. */
export const RULES_PATH = "/api/v1/rules";

type Output = { write(text: string): unknown };

/**
 * `hybridge rules deploy`: reads hybridge.rules.json (`{ "<collection>": { "list": true | false |
 * "<expression>", "get": …, "create": …, "update": …, "delete": … } }`), reports a JSON syntax
 * error itself (line and position) before any request, and replaces the project's rules with it
 * (`PUT /api/v1/rules`, the deploy token and server of `hybridge deploy`). The server validates
 * every rule: its refusal lists one error a line, each with its collection, rule, line and
 * position.
 */
export async function rulesDeploy(
  root: string,
  options: { token?: string | undefined; out?: Output },
): Promise<string[]> {
  const out = options.out ?? process.stdout;
  const file = path.join(root, RULES_FILE);
  if (!existsSync(file)) {
    throw new CliError(
      `${RULES_FILE} is missing: write your collections' rules in it, at your app's root (next to package.json).`,
    );
  }
  const text = (await readFile(file, "utf8")).replace(/^\uFEFF/, "");
  const syntax = jsonSyntaxError(text);
  if (syntax) {
    throw new CliError(
      `${RULES_FILE}: line ${syntax.line}, position ${syntax.position}: ${syntax.message}`,
    );
  }
  const rules: unknown = JSON.parse(text);
  if (typeof rules !== "object" || rules === null || Array.isArray(rules)) {
    throw new CliError(
      `${RULES_FILE} must be an object of collections: { "notes": { "list": …, "get": …, "create": …, "update": …, "delete": … } }.`,
    );
  }

  const env = readProjectEnv(root, "production");
  const server = required(env, ENV.server, "It is the address of your Hybridge server.");
  const token =
    options.token?.trim() ||
    required(
      env,
      ENV.deployToken,
      "Create a deploy token in the console (your project's page, Web app section) and add it to .env, or pass --token.",
    );
  let response: Response;
  try {
    response = await fetch(`${server}${RULES_PATH}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ rules }),
    });
  } catch (error) {
    throw unreachable(server, error);
  }
  const answer = await readAnswer<{ collections?: string[] }>(response);
  if (response.status === 400 && answer?.code === "VALIDATION" && answer.message) {
    throw new CliError(
      `The server refused ${RULES_FILE}; nothing was changed:\n${answer.message
        .split("\n")
        .map((line) => `  ${line}`)
        .join("\n")}`,
    );
  }
  if (response.status !== 200 || !Array.isArray(answer?.collections)) {
    throw refused("Rules deploy", response, answer);
  }
  const collections = answer.collections;
  out.write(
    collections.length === 0
      ? `Deployed: no collection has rules on ${server}.\n`
      : `Deployed the rules of ${collections.length} ${collections.length === 1 ? "collection" : "collections"} on ${server}: ${collections.join(", ")}.\n`,
  );
  return collections;
}
