import { z } from "zod";

/** Passwords: better-auth's bounds, written once for server and forms. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const EmailSchema = z
  .string()
  .trim()
  .min(1, "Please enter your email address.")
  .max(254, "The email address is not valid.")
  .pipe(z.email("The email address is not valid."))
  .transform((email) => email.toLowerCase());

export const PasswordSchema = z
  .string()
  .min(1, "Please enter your password.")
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
