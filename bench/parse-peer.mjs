// Parse Server, the open-source peer that bench/data.mjs measures the database API against: its
// REST API at /parse and its LiveQuery server (WebSocket) on the same port, on PostgreSQL.
// Installed by data.mjs into bench/.peer (ignored by git): the product does not depend on it.
//
//   PORT=… DATABASE_URL=postgres://… node bench/parse-peer.mjs
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, ".peer/package.json"));
const { ParseServer } = require("parse-server");

const port = Number(process.env.PORT);
const serverURL = `http://127.0.0.1:${port}/parse`;
await ParseServer.startApp({
  appId: "bench",
  masterKey: "bench-master-key",
  // The master key only from this machine (the bench makes the classes with it).
  masterKeyIps: ["127.0.0.1", "::1"],
  databaseURI: process.env.DATABASE_URL,
  serverURL,
  port,
  host: "127.0.0.1",
  mountPath: "/parse",
  // Its production settings: no request logging, no schema made by clients.
  logLevel: "error",
  logsFolder: path.join(here, ".peer/logs"),
  silent: true,
  allowClientClassCreation: false,
  enforcePrivateUsers: true,
  startLiveQueryServer: true,
  liveQuery: { classNames: ["Live"] },
  verifyServerUrl: false,
});
process.on("SIGTERM", () => process.exit(0));
