import { devLink, lanAddress } from "./dev-payload";
import { ENV, readProjectEnv, required } from "./project-env";
import { importProjectVite } from "./project-vite";
import { terminalQr } from "./terminal-qr";

/**
 * `hybridge dev`: the app's Vite dev server, reachable from the local network, and the dev
 * app's QR code in the terminal: the https link of the test console's QR code, with this
 * computer's LAN address — a phone's camera opens it.
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
  const { url, warnings } = await devLink({ server, appKey, localhostUrl });

  const out = process.stdout;
  out.write(`\n  Hybridge dev server for ${appKey}\n\n`);
  out.write(`  Local:    http://localhost:${port}/\n`);
  out.write(`  Network:  ${localhostUrl}/\n\n`);
  out.write(`${terminalQr(url)}\n\n`);
  out.write(
    "  Scan the code with your phone's camera, the phone on the same Wi-Fi: it opens Hybridge Dev.\n",
  );
  if (!lan) {
    out.write("  No local network address was found: a phone cannot reach this computer.\n");
  }
  for (const warning of warnings) out.write(`  ${warning}\n`);
  out.write(`  Dev app link: ${url}\n\n`);

  const stop = () => {
    void devServer.close().finally(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
