import { z } from "zod";
import {
  EmailSchema,
  NewPasswordSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PasswordSchema,
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
  name: z.string().trim().min(1).max(120),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

export const SignupInputSchema = z
  .object({
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AuthTexts.passwordsDiffer,
    path: ["confirmPassword"],
  });
export type SignupInput = z.infer<typeof SignupInputSchema>;

export const PasswordResetInputSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, AuthTexts.resetEmptyField)
    .pipe(z.email(AuthTexts.resetInvalidEmail))
    .transform((email) => email.toLowerCase()),
});
export type PasswordResetInput = z.infer<typeof PasswordResetInputSchema>;

/**
 * One schema for both password pages: with a token (from the reset mail) it sets a new
 * password; without one it changes the signed-in user's password.
 */
export const PasswordChangeInputSchema = z
  .object({
    newPassword: z
      .string()
      .min(PASSWORD_MIN, AuthTexts.changeWeak)
      .max(PASSWORD_MAX, AuthTexts.changeWeak),
    confirmPassword: z.string(),
    token: z.string().min(1).max(512).optional(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AuthTexts.changeMismatch,
    path: ["confirmPassword"],
  });
export type PasswordChangeInput = z.infer<typeof PasswordChangeInputSchema>;

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

export const HealthResponseSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
