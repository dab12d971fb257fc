import { z } from "zod";
import { emailField, PASSWORD_MAX, PASSWORD_MIN, singleLineText } from "../common/fields";
import { AppUsersTexts } from "./texts";

/** The app users' routes (decision 043), beside the data API's /api/v1/db. */
export const APP_USERS_API_PATH = "/api/v1/auth";
/** The header that names the project: its public app key (`keyApp`). */
export const APP_KEY_HEADER = "x-hybridge-app";
/** An access token's lifetime, in seconds (15 minutes). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** A refresh token's lifetime, in seconds (30 days). */
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;

const AppUserEmailSchema = emailField({
  missing: AppUsersTexts.emailMissing,
  empty: AppUsersTexts.emailMissing,
  invalid: AppUsersTexts.emailInvalid,
});

const passwordLength = AppUsersTexts.passwordLength(PASSWORD_MIN, PASSWORD_MAX);
/** A new password: 8 to 128 characters. */
const NewAppUserPasswordSchema = singleLineText({
  missing: AppUsersTexts.passwordMissing,
  invalid: passwordLength,
})
  .min(PASSWORD_MIN, passwordLength)
  .max(PASSWORD_MAX, passwordLength);
/** A password to check: any length up to the maximum (a short one is just wrong). */
const AppUserPasswordSchema = singleLineText({ missing: AppUsersTexts.passwordMissing })
  .min(1, AppUsersTexts.passwordMissing)
  .max(PASSWORD_MAX, passwordLength);

/** The header every app users' route takes: which project's users. */
export const AppKeyHeadersSchema = z.object({
  [APP_KEY_HEADER]: singleLineText(AppUsersTexts.appKeyMissing)
    .min(1, AppUsersTexts.appKeyMissing)
    .max(90, AppUsersTexts.appKeyMissing),
});

export const AppUserSignUpInputSchema = z.object({
  email: AppUserEmailSchema,
  password: NewAppUserPasswordSchema,
});
export type AppUserSignUpInput = z.infer<typeof AppUserSignUpInputSchema>;

export const AppUserSignInInputSchema = z.object({
  email: AppUserEmailSchema,
  password: AppUserPasswordSchema,
});
export type AppUserSignInInput = z.infer<typeof AppUserSignInInputSchema>;

const RefreshTokenSchema = singleLineText(AppUsersTexts.refreshTokenMissing)
  .min(1, AppUsersTexts.refreshTokenMissing)
  .max(200, AppUsersTexts.refreshTokenMissing);

export const AppUserRefreshInputSchema = z.object({ refreshToken: RefreshTokenSchema });
export type AppUserRefreshInput = z.infer<typeof AppUserRefreshInputSchema>;

export const AppUserSignOutInputSchema = z.object({ refreshToken: RefreshTokenSchema });
export type AppUserSignOutInput = z.infer<typeof AppUserSignOutInputSchema>;

/** Deleting one's own account asks for the password again. */
export const AppUserDeleteInputSchema = z.object({ password: AppUserPasswordSchema });
export type AppUserDeleteInput = z.infer<typeof AppUserDeleteInputSchema>;

export const AppUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  verified: z.boolean(),
});
export type AppUser = z.infer<typeof AppUserSchema>;

/** What sign-up, sign-in and refresh answer. */
export const AppUserSessionSchema = z.object({
  user: AppUserSchema,
  accessToken: z.string(),
  refreshToken: z.string(),
  /** The access token's lifetime, in seconds. */
  expiresIn: z.number(),
});
export type AppUserSession = z.infer<typeof AppUserSessionSchema>;

export const AppUserResponseSchema = z.object({ user: AppUserSchema });
