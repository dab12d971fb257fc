import { existsSync } from "node:fs";
import path from "node:path";
import { BUNDLE_FILE_FIELD, DEPLOY_PATH } from "@hybridge/shared/bundles/protocol";
import { CliError, ENV, readProjectEnv, required } from "./project-env";
import { importProjectVite } from "./project-vite";
import { zipFolder } from "./zip-folder";

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * `hybridge deploy`: builds the app with its Vite (unless `--no-build`), zips `dist/` and uploads
 * it as the project's web bundle, authorised by a deploy token from the console
 * (`HYBRIDGE_DEPLOY_TOKEN` in .env or the environment, or `--token`).
 */
export async function deploy(
  root: string,
  options: { token?: string | undefined; build: boolean },
): Promise<void> {
  const env = readProjectEnv(root);
  const server = required(env, ENV.server, "It is the address of your Hybridge server.");
  const token =
    options.token?.trim() ||
    required(
      env,
      ENV.deployToken,
      "Create a deploy token in the console (your project's page, Web app section) and add it to .env, or pass --token.",
    );
  const out = process.stdout;
  const url = `${server}${DEPLOY_PATH}`;
  const authorization = `Bearer ${token}`;
  const unreachable = (error: unknown) =>
    new CliError(
      `Could not reach ${server} (${(error as Error).message}): check HYBRIDGE_SERVER in .env.`,
    );

  // The token first, before building or sending anything: a refused token is the server's
  // answer, not an upload the server stopped reading.
  const target = await checkToken(url, authorization).catch((error: unknown) => {
    throw error instanceof CliError ? error : unreachable(error);
  });

  if (options.build) {
    out.write("Building the web app…\n");
    const vite = await importProjectVite(root);
    await vite.build({ root, logLevel: "warn" });
  }
  const dist = path.join(root, "dist");
  if (!existsSync(path.join(dist, "index.html"))) {
    throw new CliError("dist/index.html is missing: build the app first (npm run build).");
  }
  const { zip, files } = await zipFolder(dist);
  out.write(`Uploading ${files} files (${kb(zip.length)}) to “${target.name}” on ${server}…\n`);

  const form = new FormData();
  form.append(BUNDLE_FILE_FIELD, new Blob([zip], { type: "application/zip" }), "dist.zip");
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { authorization }, body: form });
  } catch (error) {
    // The server may have answered before reading the whole upload (a token revoked meanwhile, a
    // limit) and closed the connection under it: ask again to tell a refusal from a network
    // failure.
    await checkToken(url, authorization).catch((again: unknown) => {
      throw again instanceof CliError ? again : unreachable(error);
    });
    throw new CliError(
      `The upload to ${server} broke off (${(error as Error).message}): run the deploy again.`,
    );
  }
  const answer = await readAnswer<{ project?: { name: string }; bundle?: { fileCount: number } }>(
    response,
  );
  if (response.status !== 201 || !answer?.project) throw refused(response, answer);
  out.write(
    `Deployed: ${answer.bundle?.fileCount ?? files} files are the web app of “${answer.project.name}”. Its next build uses them.\n`,
  );
}

type Answer<T> = (T & { message?: string }) | null;

async function readAnswer<T>(response: Response): Promise<Answer<T>> {
  return (await response.json().catch(() => null)) as Answer<T>;
}

function refused(response: Response, answer: Answer<unknown>): CliError {
  return new CliError(
    `Deploy refused (${response.status}): ${answer?.message ?? response.statusText}`,
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
