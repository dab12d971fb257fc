import { z } from "zod";

/** Passwords: better-auth's bounds, written once for server and forms. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const isMissing = (input: unknown) => input === undefined || input === null;

/**
 * A string field whose absence and whose wrong type each get a user-facing text (zod's own
 * 'Invalid input: expected string, received undefined' means nothing to a user). `invalid`
 * defaults to `missing`.
 */
export const stringField = (texts: { missing: string; invalid?: string }) =>
  z.string({
    error: (issue) => (isMissing(issue.input) ? texts.missing : (texts.invalid ?? texts.missing)),
  });

/** The texts of an e-mail field (the defaults use the wording of the spec's reset page). */
export type EmailTexts = {
  /** The field is absent from the request. */
  missing: string;
  /** The field is there but blank. */
  empty: string;
  /** Not an e-mail address (or not text at all). */
  invalid: string;
};

const DEFAULT_EMAIL_TEXTS: EmailTexts = {
  missing: "Please enter your email address.",
  empty: "Please enter your email address.",
  invalid: "The email address is not valid.",
};

/** A trimmed, lower-cased e-mail address, with a text for each way it can be wrong. */
export const emailField = (texts: EmailTexts = DEFAULT_EMAIL_TEXTS) =>
  stringField({ missing: texts.missing, invalid: texts.invalid })
    .trim()
    .min(1, texts.empty)
    .max(254, texts.invalid)
    .pipe(z.email(texts.invalid))
    .transform((email) => email.toLowerCase());

export const EmailSchema = emailField();

export const PasswordSchema = stringField({ missing: "Please enter your password." })
  .min(1, "Please enter your password.")
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const NewPasswordSchema = stringField({ missing: "Please enter a password." })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
