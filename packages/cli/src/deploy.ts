import { existsSync } from "node:fs";
import path from "node:path";
import { BUNDLE_FILE_FIELD, DEPLOY_PATH } from "@hybridge/shared/bundles/protocol";
import {
  type DeployUpdateFields,
  DeployUpdateFieldsSchema,
} from "@hybridge/shared/updates/schemas";
import { phoneAddressWarning } from "./dev-payload";
import { CliError, ENV, readProjectEnv, required } from "./project-env";
import { importProjectVite } from "./project-vite";
import { type Answer, readAnswer, refused as refusedBy, unreachable } from "./server-call";
import { filesWithTestKey } from "./test-key";
import { zipFolder } from "./zip-folder";

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * `hybridge deploy`: builds the app with its Vite (unless `--no-build`), zips `dist/` and uploads
 * it as the project's web bundle, authorised by a deploy token from the console
 * (`HYBRIDGE_DEPLOY_TOKEN` in .env or the environment, or `--token`). A bundle that holds a Test
 * Mode key is refused, naming its files, unless `allowTestKey` (`--allow-test-key`).
 * `channel`, `rollout` and `message` (`--channel`, `--rollout`, `--message`) say where the deploy's
 * over-the-air update goes; checked here with the server's own schema before anything is built.
 */
export async function deploy(
  root: string,
  options: {
    token?: string | undefined;
    build: boolean;
    allowTestKey?: boolean;
    channel?: string | undefined;
    rollout?: string | undefined;
    message?: string | undefined;
    out?: { write(text: string): unknown };
  },
): Promise<void> {
  const fields = updateFields(options);
  const env = readProjectEnv(root, "production");
  const server = required(env, ENV.server, "It is the address of your Hybridge server.");
  const token =
    options.token?.trim() ||
    required(
      env,
      ENV.deployToken,
      "Create a deploy token in the console (your project's page, Web app section) and add it to .env, or pass --token.",
    );
  const out = options.out ?? process.stdout;
  const url = `${server}${DEPLOY_PATH}`;
  const authorization = `Bearer ${token}`;

  // The token first, before building or sending anything: a refused token is the server's
  // answer, not an upload the server stopped reading.
  const target = await checkToken(url, authorization).catch((error: unknown) => {
    throw error instanceof CliError ? error : unreachable(server, error);
  });

  // Before building: an app whose server is this computer's own address cannot reach it from a
  // phone (decision 058). Said, not refused: the console on this computer still works.
  const phoneWarning = phoneAddressWarning(server);
  if (phoneWarning) out.write(`Warning: ${phoneWarning}\n`);

  if (options.build) {
    out.write("Building the web app…\n");
    const vite = await importProjectVite(root);
    await vite.build({ root, logLevel: "warn" });
  }
  const dist = path.join(root, "dist");
  if (!existsSync(path.join(dist, "index.html"))) {
    throw new CliError("dist/index.html is missing: build the app first (npm run build).");
  }
  await checkNoTestKey(root, dist, { allow: options.allowTestKey ?? false, out });
  const { zip, files } = await zipFolder(dist);
  out.write(`Uploading ${files} files (${kb(zip.length)}) to “${target.name}” on ${server}…\n`);

  const form = new FormData();
  // The text fields go before the file: the server reads them first (decision 051).
  if (fields.channel !== undefined) form.append("channel", fields.channel);
  if (fields.rolloutPercent !== undefined)
    form.append("rolloutPercent", String(fields.rolloutPercent));
  if (fields.message !== undefined) form.append("message", fields.message);
  form.append(
    BUNDLE_FILE_FIELD,
    new Blob([new Uint8Array(zip)], { type: "application/zip" }),
    "dist.zip",
  );
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { authorization }, body: form });
  } catch (error) {
    // The server may have answered before reading the whole upload (a token revoked meanwhile, a
    // limit) and closed the connection under it: ask again to tell a refusal from a network
    // failure.
    await checkToken(url, authorization).catch((again: unknown) => {
      throw again instanceof CliError ? again : unreachable(server, error);
    });
    throw new CliError(
      `The upload to ${server} broke off (${(error as Error).message}): run the deploy again.`,
    );
  }
  const answer = await readAnswer<{
    project?: { name: string };
    bundle?: { fileCount: number };
    update?: { channel: string; rolloutPercent: number; message: string };
  }>(response);
  if (response.status !== 201 || !answer?.project) throw refused(response, answer);
  out.write(
    `Deployed: ${answer.bundle?.fileCount ?? files} files are the web app of “${answer.project.name}”. Its next build uses them.\n`,
  );
  if (answer.update) {
    const { channel, rolloutPercent, message } = answer.update;
    const said = message ? ` “${message}”` : "";
    out.write(
      `Update${said} on channel “${channel}” for ${rolloutPercent} % of installs: apps built since over-the-air updates exist download it in the background and apply it at their next start.\n`,
    );
  }
}

/** The flags' update fields as the server will read them, or a CliError naming the bad flag. */
function updateFields(options: {
  channel?: string | undefined;
  rollout?: string | undefined;
  message?: string | undefined;
}): DeployUpdateFields {
  const flags = { channel: "--channel", rolloutPercent: "--rollout", message: "--message" };
  const parsed = DeployUpdateFieldsSchema.safeParse({
    channel: options.channel,
    rolloutPercent: options.rollout?.trim(),
    message: options.message,
  });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const flag = flags[issue?.path[0] as keyof typeof flags] ?? "--channel";
  throw new CliError(`${flag}: ${issue?.message ?? "invalid."}`);
}

const refused = (response: Response, answer: Answer<unknown>) =>
  refusedBy("Deploy", response, answer);

/**
 * Refuses (or, allowed, warns of) a bundle whose files hold a Test Mode key: any `hb_test_` key,
 * or the app's own HYBRIDGE_DATABASE_KEY wherever it is set (.env, .env.development, the
 * environment), since whoever installs the app could read it and, with it, every document.
 */
async function checkNoTestKey(
  root: string,
  dist: string,
  options: { allow: boolean; out: { write(text: string): unknown } },
) {
  const known = [readProjectEnv(root, "development"), readProjectEnv(root, "production")]
    .map((env) => env[ENV.databaseKey] ?? "")
    .filter(Boolean);
  const files = await filesWithTestKey(dist, known);
  if (files.length === 0) return;
  const listed = files.map((file) => `  dist/${file}`).join("\n");
  if (options.allow) {
    options.out.write(
      `Warning: uploading a bundle that holds a Test Mode key (--allow-test-key), in:\n${listed}\nWhoever has the app can read it and, while it is switched on, every document of the project.\n`,
    );
    return;
  }
  throw new CliError(
    [
      "The built app holds a Test Mode key, in:",
      listed,
      "Whoever installs the app could read it and, with it, read and change every document of the project: the key bypasses the access rules.",
      "Your app calls with HYBRIDGE_APP_KEY and its users' sign-in: it never needs the Test Mode key. Take the key out of the app's code and of the variables it sees (vite.config.ts's envPrefix, VITE_ variables, files in public/), then deploy again.",
      "To upload it anyway (a test build), pass --allow-test-key.",
    ].join("\n"),
  );
}

/**
 * The project the token deploys to (`GET /api/v1/deploy`), or a CliError with the server's
 * refusal; a network failure is thrown as it is.
 */
async function checkToken(url: string, authorization: string): Promise<{ name: string }> {
  const response = await fetch(url, { headers: { authorization } });
  const answer = await readAnswer<{ project?: { name: string } }>(response);
  if (response.status !== 200 || !answer?.project) throw refused(response, answer);
  return answer.project;
}
