import { z } from "zod";
import { emailField, PASSWORD_MAX, PASSWORD_MIN, singleLineText } from "../common/fields";
import { pageCursorField } from "../common/paging";
import { AppUsersTexts } from "./texts";

/** The app users' routes (decision 043), beside the data API's /api/v1/db. */
export const APP_USERS_API_PATH = "/api/v1/auth";
/** The header that names the project: its public app key (`keyApp`). */
export const APP_KEY_HEADER = "x-hybridge-app";
/** An access token's lifetime, in seconds (15 minutes). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** A refresh token's lifetime, in seconds (30 days). */
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
/** How long a password reset link works, in seconds (1 hour). */
export const RESET_TOKEN_SECONDS = 60 * 60;
/** How long an e-mail verification link works, in seconds (24 hours). */
export const VERIFY_TOKEN_SECONDS = 24 * 60 * 60;
/** The error code of a mailed link used, expired or unknown (400). */
export const APP_USER_LINK_INVALID = "INVALID_LINK";
/** The public pages the mailed links open (no console sign-in), with `?token=`. */
export const APP_AUTH_RESET_PATH = "/app-auth/reset";
export const APP_AUTH_VERIFY_PATH = "/app-auth/verify";

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

// Mailed links (decision 043, addendum): password reset and e-mail verification.

/** `POST /api/v1/auth/password-reset`: the address to mail a reset link to. */
export const AppUserPasswordResetInputSchema = z.object({ email: AppUserEmailSchema });
export type AppUserPasswordResetInput = z.infer<typeof AppUserPasswordResetInputSchema>;

/** A mailed link's token (32 random bytes, base64url). */
const MailedTokenSchema = singleLineText(AppUsersTexts.linkTokenMissing)
  .min(1, AppUsersTexts.linkTokenMissing)
  .max(200, AppUsersTexts.linkTokenMissing);

/** The reset page's form: the new password (the token comes from the link). */
export const AppUserNewPasswordInputSchema = z.object({ password: NewAppUserPasswordSchema });
export type AppUserNewPasswordInput = z.infer<typeof AppUserNewPasswordInputSchema>;

/** `POST /api/v1/auth/password-reset/confirm`: the link's token and the new password. */
export const AppUserPasswordResetConfirmInputSchema = AppUserNewPasswordInputSchema.extend({
  token: MailedTokenSchema,
});
export type AppUserPasswordResetConfirmInput = z.infer<
  typeof AppUserPasswordResetConfirmInputSchema
>;

/** A mailed link's token alone: checking a reset link, confirming a verification. */
export const AppUserLinkTokenInputSchema = z.object({ token: MailedTokenSchema });
export type AppUserLinkTokenInput = z.infer<typeof AppUserLinkTokenInputSchema>;

/** What a valid link says of itself: the app's name and the address it was mailed to. */
export const AppUserLinkSchema = z.object({ appName: z.string(), email: z.string() });
export type AppUserLink = z.infer<typeof AppUserLinkSchema>;

// The console's Users section (owner only).

/** A page of the Users list. */
export const APP_USERS_PAGE_SIZE = 25;

export const AppUsersParamsSchema = z.object({ id: z.string() });
export const AppUserParamsSchema = AppUsersParamsSchema.extend({ userId: z.string() });

/** `GET /api/projects/:id/app-users?search=&cursor=`: newest first, filtered by e-mail. */
export const AppUsersQuerySchema = z.strictObject({
  search: singleLineText(AppUsersTexts.searchInvalid)
    .max(254, AppUsersTexts.searchInvalid)
    .optional(),
  cursor: pageCursorField(AppUsersTexts.invalidCursor),
});
export type AppUsersQuery = z.input<typeof AppUsersQuerySchema>;

/** An app user as the console shows them. */
export const ConsoleAppUserSchema = AppUserSchema.extend({
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type ConsoleAppUser = z.infer<typeof ConsoleAppUserSchema>;

export const AppUsersPageSchema = z.object({
  users: z.array(ConsoleAppUserSchema),
  /** The next, older page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AppUsersPage = z.infer<typeof AppUsersPageSchema>;

/** The project's app users settings: whether sign-up mails a verification link. */
export const AppUsersSettingsSchema = z.object({
  verifyEmail: z.boolean(AppUsersTexts.verifyEmailInvalid),
});
export type AppUsersSettings = z.infer<typeof AppUsersSettingsSchema>;

/** What an action on one user answers: the user as they are now. */
export const ConsoleAppUserResponseSchema = z.object({ user: ConsoleAppUserSchema });

export const AcceptedResponseSchema = z.object({});
