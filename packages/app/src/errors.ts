/**
 * Every failure of the SDK: the server's `code` and `message` when it answered (VALIDATION,
 * UNAUTHENTICATED, NOT_FOUND, RATE_LIMITED…), NETWORK when it could not be reached, NOT_CONFIGURED
 * before the server address and key are known, NATIVE_ONLY for what needs the app.
 */
export class HybridgeError extends Error {
  override readonly name = "HybridgeError";
  constructor(
    readonly code: string,
    message: string,
    /** The HTTP status of the server's answer; 0 when there was none. */
    readonly status = 0,
  ) {
    super(message);
  }
}
