import { z } from "zod";
import { COUNTRIES, SEGMENTS } from "../common/enums";
import { EmailSchema, multiLineText, singleLineText } from "../common/fields";
import { CommunityTexts, JOIN_LIMITS } from "./texts";

const T = CommunityTexts;

/** A text the join form requires: trimmed, non-empty (else the spec's message), bounded. */
const requiredText = (max: number, tooLong: string, lines = singleLineText) =>
  lines(T.allFieldsRequired).trim().min(1, T.allFieldsRequired).max(max, tooLong);

/** A choice from one of the shared lists; the empty choice counts as missing. */
const requiredChoice = <const V extends readonly [string, ...string[]]>(
  values: V,
  invalid: string,
) =>
  singleLineText(T.allFieldsRequired)
    .trim()
    .min(1, T.allFieldsRequired)
    .pipe(z.enum(values, { error: invalid }));

/** The join (new app request) form and `POST /api/community/join` (spec section 5). */
export const JoinInputSchema = z.object({
  name: requiredText(JOIN_LIMITS.name, T.nameTooLong),
  description: requiredText(JOIN_LIMITS.description, T.descriptionTooLong, multiLineText),
  segment: requiredChoice(SEGMENTS, T.segmentInvalid),
  email: requiredText(JOIN_LIMITS.email, T.emailTooLong)
    .pipe(z.email(T.emailInvalid))
    .transform((email) => email.toLowerCase()),
  country: requiredChoice(COUNTRIES, T.countryInvalid),
});
/** What the form holds (before trimming and lower-casing). */
export type JoinFormValues = z.input<typeof JoinInputSchema>;
export type JoinInput = z.infer<typeof JoinInputSchema>;

/** A stored join request, as the API answers it once saved. */
export const ContactRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  segment: z.enum(SEGMENTS),
  email: z.string(),
  country: z.enum(COUNTRIES),
  status: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ContactRequest = z.infer<typeof ContactRequestSchema>;

export const JoinResponseSchema = z.object({ contact: ContactRequestSchema });
export type JoinResponse = z.infer<typeof JoinResponseSchema>;

/** The beta form and `POST /api/community/beta`: one e-mail, lower-cased. */
export const BetaInputSchema = z.object({ email: EmailSchema });
export type BetaFormValues = z.input<typeof BetaInputSchema>;
export type BetaInput = z.infer<typeof BetaInputSchema>;

export const BetaResponseSchema = z.object({ email: z.string() });
export type BetaResponse = z.infer<typeof BetaResponseSchema>;

export const EarlyAdopterSchema = z.object({
  id: z.string(),
  email: z.string(),
  dateCreated: z.iso.datetime({ offset: true }),
});
export type EarlyAdopter = z.infer<typeof EarlyAdopterSchema>;

/** `GET /api/community/early-adopters` (admins only): newest first. */
export const EarlyAdoptersResponseSchema = z.object({
  count: z.number().int().min(0),
  items: z.array(EarlyAdopterSchema),
});
export type EarlyAdoptersResponse = z.infer<typeof EarlyAdoptersResponseSchema>;
