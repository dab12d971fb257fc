import { z } from "zod";
import { isAllowedText, type TextKind } from "./characters";
import { CharacterTexts, FieldTexts } from "./texts";

/** Passwords: better-auth's bounds, written once for server and forms. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const isMissing = (input: unknown) => input === undefined || input === null;

/**
 * A string field whose absence and whose wrong type each get a user-facing text (zod's own
 * 'Invalid input: expected string, received undefined' means nothing to a user). `invalid`
 * defaults to `missing`.
 */
const stringField = (texts: { missing: string; invalid?: string }) =>
  z.string({
    error: (issue) => (isMissing(issue.input) ? texts.missing : (texts.invalid ?? texts.missing)),
  });

/** What a text field says when it is absent or not text: one message, or one for each. */
export type TextFieldErrors = string | { missing: string; invalid?: string };

/**
 * The characters a text field may hold (common/characters.ts), checked on the text as sent,
 * before any trim: a name sent with a trailing line break is refused, not stored without it.
 * The message names the field ("name: contains a character that is not allowed."), in the
 * browser's forms as in the API's answer.
 */
const allowedCharacters = (kind: TextKind) =>
  z.refine<string>((text) => isAllowedText(text, kind), {
    error: (issue) => CharacterTexts.notAllowed(issue.path?.join(".") || "value"),
  });

const textField = (errors?: TextFieldErrors) =>
  errors === undefined
    ? z.string()
    : typeof errors === "string"
      ? z.string(errors)
      : stringField(errors);

/**
 * Every text field of a request schema is one of these two. A single-line text (names,
 * e-mails, codes, colours, URLs, passwords, ids, choices) refuses tabs and line breaks; a
 * multi-line text (descriptions, comments, answers) keeps them as sent. Both refuse control
 * characters and lone surrogates.
 */
export const singleLineText = (errors?: TextFieldErrors) =>
  textField(errors).check(allowedCharacters("single-line"));
export const multiLineText = (errors?: TextFieldErrors) =>
  textField(errors).check(allowedCharacters("multi-line"));

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
  missing: FieldTexts.emailMissing,
  empty: FieldTexts.emailMissing,
  invalid: FieldTexts.emailInvalid,
};

/** A trimmed, lower-cased e-mail address, with a text for each way it can be wrong. */
export const emailField = (texts: EmailTexts = DEFAULT_EMAIL_TEXTS) =>
  singleLineText({ missing: texts.missing, invalid: texts.invalid })
    .trim()
    .min(1, texts.empty)
    .max(254, texts.invalid)
    .pipe(z.email(texts.invalid))
    .transform((email) => email.toLowerCase());

export const EmailSchema = emailField();

export const PasswordSchema = singleLineText({ missing: FieldTexts.passwordMissing })
  .min(1, FieldTexts.passwordMissing)
  .max(PASSWORD_MAX, FieldTexts.passwordTooLong(PASSWORD_MAX));

export const NewPasswordSchema = singleLineText({ missing: FieldTexts.newPasswordMissing })
  .min(PASSWORD_MIN, FieldTexts.passwordTooShort(PASSWORD_MIN))
  .max(PASSWORD_MAX, FieldTexts.passwordTooLong(PASSWORD_MAX));

export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
