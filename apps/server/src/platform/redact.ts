/**
 * What a log line must never hold (decision 034), and how to write it instead. One function for
 * every line the server writes: app.ts runs it over each line pino writes (the request
 * serializer's URL, errors and their messages, shutdown's slow-request lines, better-auth's
 * messages, the mailer's links), and main.ts over the start-up failures it prints.
 */
export const REDACTED = "[redacted]";

/**
 * Query parameters whose name holds one of these words carry credentials: `?key=` of the event
 * streams (EventSource cannot send a header), reset `token`s, a keystore `password`, S3's
 * `X-Amz-Signature`/`X-Amz-Credential`…
 */
const SECRET_PARAMETER =
  /([?&][\w.-]*?(?:key|token|password|passwd|pwd|secret|signature|credential|auth)[\w.-]*=)[^&#\s"'\\<>]*/gi;
/**
 * Our own credentials by their mark (`hb_test_`, `hb_deploy_`, `hb_agent_`…), wherever they
 * appear: a key in a path or an error message. The mark stays, to say what was there. A display
 * prefix (the mark and 4 characters, shown in the console) is not a secret and stays whole.
 */
const MARKED_SECRET = /(hb_[a-z]+_)[A-Za-z0-9_-]{5,}/g;
/** better-auth's reset links: the token is the last path segment. */
const RESET_TOKEN = /(\/reset-password\/)[^/?#\s"'\\]+/g;
/** `Authorization: Bearer …` copied into a message. */
const BEARER = /(\bBearer\s+)[^\s"',;\\]+/gi;
/** A password in a connection string (postgres://user:password@host, redis://:password@host). */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/\s"'@]*:)[^@/\s"']+@/gi;
/**
 * Credentials as JSON fields: request headers that a library logs with its options (cookies,
 * authorization), and fields named for a secret. The value is a JSON string or array of strings.
 */
const SECRET_FIELD =
  /("(?:cookie|set-cookie|authorization|proxy-authorization|x-api-key|password|newPassword|confirmPassword|currentPassword|token|secret|sessionToken|accessToken|refreshToken|secretAccessKey)"\s*:\s*)(?:"(?:[^"\\]|\\.)*"|\[\s*(?:"(?:[^"\\]|\\.)*"\s*,?\s*)*\])/gi;
/** A session cookie wherever it is written (`better-auth.session_token=…; …`). */
const SESSION_COOKIE = /([\w.-]*(?:session|token)[\w.-]*=)[^;&\s"',\\]+/gi;

/** `text` with every credential it holds replaced by [redacted]. */
export function redactSecrets(text: string): string {
  return text
    .replace(SECRET_FIELD, `$1"${REDACTED}"`)
    .replace(SESSION_COOKIE, `$1${REDACTED}`)
    .replace(SECRET_PARAMETER, `$1${REDACTED}`)
    .replace(MARKED_SECRET, `$1${REDACTED}`)
    .replace(RESET_TOKEN, `$1${REDACTED}`)
    .replace(BEARER, `$1${REDACTED}`)
    .replace(URL_PASSWORD, `$1${REDACTED}@`);
}
