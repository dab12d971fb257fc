/**
 * The command that creates an app for a project (decision 028), as the settings page and /docs
 * show it: create-hybridge from this server's own tarball, linked to the app key and the server.
 */
export const createAppCommand = (server: string, appKey: string, folder = "my-app") =>
  `npx --yes ${server}/cli/create-hybridge.tgz ${folder} --app-key ${shellWord(appKey)} --server ${server}`;

/** A word as a POSIX shell reads it: as it is when plain, in single quotes otherwise. */
export const shellWord = (word: string) =>
  /^[\w.@-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;

/**
 * The variable a developer keeps the Test Mode key in (.env.development, out of Git) for their own
 * scripts; the app never reads it, and `hybridge deploy` refuses a bundle that holds its value.
 */
export const DATABASE_KEY_VARIABLE = "HYBRIDGE_DATABASE_KEY";

/**
 * The server's address in the HTML it serves: the build writes this mark in a
 * `<meta name="hybridge-server">` (and in pre-rendered pages' text), the server replaces it by
 * its PUBLIC_URL when it reads the files at start.
 */
export const SERVER_ADDRESS_MARK = "__HYBRIDGE_SERVER__";
export const SERVER_ADDRESS_META = "hybridge-server";
