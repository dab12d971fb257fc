import { z } from "zod";
import { multiLineText, singleLineText } from "../common/fields";

/**
 * The cloud encryption function of spec section 7, as `POST /api/functions/encrypt` and its
 * twin `POST /api/functions/decrypt` (field names kept from the spec: texte, texteChiffre).
 */
export const ENCRYPT_MAX_LENGTH = 10_000;

export const EncryptInputSchema = z.object({ texte: multiLineText().max(ENCRYPT_MAX_LENGTH) });
export type EncryptInput = z.infer<typeof EncryptInputSchema>;
export const EncryptResponseSchema = z.object({
  success: z.boolean(),
  texteChiffre: z.string().nullable(),
  error: z.string().nullable(),
});
export type EncryptResponse = z.infer<typeof EncryptResponseSchema>;

export const DecryptInputSchema = z.object({
  texteChiffre: singleLineText()
    .min(1)
    .max(ENCRYPT_MAX_LENGTH * 2),
});
export type DecryptInput = z.infer<typeof DecryptInputSchema>;
export const DecryptResponseSchema = z.object({
  success: z.boolean(),
  texte: z.string().nullable(),
  error: z.string().nullable(),
});
export type DecryptResponse = z.infer<typeof DecryptResponseSchema>;
