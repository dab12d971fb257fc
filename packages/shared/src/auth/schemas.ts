import { z } from "zod";
import {
  EmailSchema,
  emailField,
  NewPasswordSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PasswordSchema,
  singleLineText,
} from "../common/fields";
import { AuthTexts } from "./texts";

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** What the sign-up endpoint takes; the form adds the confirmation below. */
export const SignupRequestSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  name: singleLineText({ missing: AuthTexts.nameMissing })
    .trim()
    .min(1, AuthTexts.nameMissing)
    .max(120, AuthTexts.nameTooLong),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

export const SignupInputSchema = z
  .object({
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: singleLineText({ missing: AuthTexts.confirmPasswordMissing }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AuthTexts.passwordsDiffer,
    path: ["confirmPassword"],
  });
export type SignupInput = z.infer<typeof SignupInputSchema>;

/** The reset request: the spec has one text for a missing e-mail and another for a blank field. */
export const PasswordResetInputSchema = z.object({
  email: emailField({
    missing: AuthTexts.resetMissingEmail,
    empty: AuthTexts.resetEmptyField,
    invalid: AuthTexts.resetInvalidEmail,
  }),
});
export type PasswordResetInput = z.infer<typeof PasswordResetInputSchema>;

/**
 * One schema for both password pages: with a token (from the reset mail) it sets a new
 * password; without one it changes the signed-in user's password.
 */
export const PasswordChangeInputSchema = z
  .object({
    newPassword: singleLineText({ missing: AuthTexts.changeNewPasswordMissing })
      .min(PASSWORD_MIN, AuthTexts.changeWeak)
      .max(PASSWORD_MAX, AuthTexts.changeWeak),
    confirmPassword: singleLineText({ missing: AuthTexts.changeConfirmMissing }),
    token: singleLineText({ missing: AuthTexts.resetLinkInvalid })
      .min(1, AuthTexts.resetLinkInvalid)
      .max(512, AuthTexts.resetLinkInvalid)
      .optional(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AuthTexts.changeMismatch,
    path: ["confirmPassword"],
  });
export type PasswordChangeInput = z.infer<typeof PasswordChangeInputSchema>;

/** The reset mail's link, `GET /api/auth/reset-password/{token}?callbackURL=…`. */
export const ResetLinkParamsSchema = z.object({ token: singleLineText().min(1).max(512) });
export const ResetLinkQuerySchema = z.object({
  callbackURL: singleLineText().max(2048).optional(),
});

/**
 * The verification mail's link, `GET /api/auth/verify-email?token=…`. A missing or malformed
 * token is answered like an invalid one: on the result page, not as JSON.
 */
export const VerifyEmailQuerySchema = z.object({
  token: singleLineText().max(4096).optional(),
});

/** Why a verification link did not verify, as `/verify-email?error=` carries it. */
export const VerifyEmailErrors = {
  expired: "TOKEN_EXPIRED",
  invalid: "INVALID_TOKEN",
  signInRequired: "SIGN_IN_REQUIRED",
} as const;
/** `/verify-email?result=verified`: the link worked (or the address was verified already). */
export const VERIFY_EMAIL_DONE = "verified";

/** Whether the signed-in account's address is an admin's that still awaits verification. */
export const AdminVerificationResponseSchema = z.object({ pending: z.boolean() });
export type AdminVerificationResponse = z.infer<typeof AdminVerificationResponseSchema>;

/** Error codes of the account API beyond the common ones. */
export const AuthErrorCodes = {
  NOTHING_TO_VERIFY: "NOTHING_TO_VERIFY",
  MAIL_FAILED: "MAIL_FAILED",
} as const;

export const OkResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponseSchema>;

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionResponseSchema = z.object({ user: SessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** What sign-in and sign-up answer: the user only; the session token stays in its cookie. */
export const SignedInResponseSchema = z.object({ user: SessionUserSchema });
export type SignedInResponse = z.infer<typeof SignedInResponseSchema>;
