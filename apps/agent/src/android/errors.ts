/**
 * Why an Android build stopped. `message` is written for the project's owner (it becomes the
 * build's failure reason); the tools' own output stays in the build log.
 */
export type AndroidBuildErrorCode =
  | "TOOLCHAIN_MISSING"
  | "STEP_FAILED"
  | "STEP_TIMEOUT"
  | "SIGNATURE_NOT_VERIFIED"
  | "BAD_BUNDLE"
  | "BAD_INPUT";

export class AndroidBuildError extends Error {
  override readonly name = "AndroidBuildError";

  constructor(
    readonly code: AndroidBuildErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
