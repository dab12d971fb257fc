import { renderUnicodeCompact } from "uqr";
import { devPayload, lanAddress } from "./dev-payload";
import { ENV, readProjectEnv, required } from "./project-env";
import { importProjectVite } from "./project-vite";

/**
 * `hybridge dev`: the app's Vite dev server, reachable from the local network, and the dev
 * app's QR code in the terminal (the test console's payload, with this computer's LAN address).
 */
export async function dev(root: string, options: { port?: number | undefined }) {
  const env = readProjectEnv(root, "development");
  const server = required(env, ENV.server, "It is the address of your Hybridge server.");
  const appKey = required(env, ENV.appKey, "It is the app key from your project's settings page.");
  const vite = await importProjectVite(root);
  const devServer = await vite.createServer({
    root,
    server: { host: true, ...(options.port ? { port: options.port, strictPort: true } : {}) },
  });
  await devServer.listen();
  const address = devServer.httpServer?.address();
  const port = typeof address === "object" && address ? address.port : (options.port ?? 5173);
  const lan = lanAddress();
  const localhostUrl = `http://${lan ?? "localhost"}:${port}`;
  const { payload, warning } = await devPayload({
    server,
    appKey,
    databaseKey: env[ENV.databaseKey],
    localhostUrl,
  });
  const text = JSON.stringify(payload);

  const out = process.stdout;
  out.write(`\n  Hybridge dev server for ${appKey}\n\n`);
  out.write(`  Local:    http://localhost:${port}/\n`);
  out.write(`  Network:  ${localhostUrl}/\n\n`);
  out.write(`${renderUnicodeCompact(text, { border: 2 })}\n\n`);
  out.write("  Scan the code with the Hybridge dev app, your phone on the same Wi-Fi.\n");
  if (!lan) {
    out.write("  No local network address was found: a phone cannot reach this computer.\n");
  }
  if (warning) out.write(`  ${warning}\n`);
  out.write(`  Dev app link: ${text}\n\n`);

  const stop = () => {
    void devServer.close().finally(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
