import type { TestApp } from "../../../test/test-app";

/** What a build machine's quick stand-in for the Android tools uploads: a zip's first bytes. */
export const STAND_IN_APK = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.from("stand-in app"),
]);
const STAND_IN_KEYSTORE = Buffer.concat([
  Buffer.from([0x30, 0x82]),
  Buffer.from("stand-in keystore"),
]);

/** A stand-in for keytool: the upload key a machine named `name` makes. */
export const standInKeystore = (name: string) => async () => ({
  bytes: STAND_IN_KEYSTORE,
  password: `password-${name}-1234`,
  alias: "upload",
});

/** The test app listening on a port of 127.0.0.1, for build machines speaking HTTP: its address. */
export function listenForMachines(app: TestApp): Promise<string> {
  return app.listen({ port: 0, host: "127.0.0.1" });
}
