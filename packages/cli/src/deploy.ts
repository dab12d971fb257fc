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
  out.write(`Uploading ${files} files (${kb(zip.length)}) to ${server}…\n`);

  const form = new FormData();
  form.append(BUNDLE_FILE_FIELD, new Blob([zip], { type: "application/zip" }), "dist.zip");
  let response: Response;
  try {
    response = await fetch(`${server}${DEPLOY_PATH}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  } catch (error) {
    throw new CliError(
      `Could not reach ${server} (${(error as Error).message}): check HYBRIDGE_SERVER in .env.`,
    );
  }
  const answer = (await response.json().catch(() => null)) as {
    message?: string;
    project?: { name: string };
    bundle?: { fileCount: number };
  } | null;
  if (response.status !== 201 || !answer?.project) {
    throw new CliError(
      `Deploy refused (${response.status}): ${answer?.message ?? response.statusText}`,
    );
  }
  out.write(
    `Deployed: ${answer.bundle?.fileCount ?? files} files are the web app of “${answer.project.name}”. Its next build uses them.\n`,
  );
}
