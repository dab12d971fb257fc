import { z } from "zod";
import { KeyAliasSchema } from "./protocol";
import { AgentsTexts } from "./texts";

/**
 * The owner's upload key (decision 033): `PUT /api/projects/:id/signing-key` replaces it with a
 * keystore of the owner's (multipart: the text fields, then the file), `DELETE` resets it (the
 * next Android build makes a new one). Both only until an Android build is published.
 */
export const UPLOAD_KEY_FILE_FIELD = "keystore";
export const UPLOAD_KEY_TEXT_FIELDS = ["password", "alias"] as const;

/**
 * A keystore password an owner types: printable ASCII only, so that the server (node-forge)
 * and apksigner (Java) turn it into the same bytes; keytool asks for at least 6 characters.
 */
export const OwnerKeystorePasswordSchema = z
  .string(AgentsTexts.invalidOwnerPassword)
  .regex(/^[\x20-\x7e]{6,128}$/, AgentsTexts.invalidOwnerPassword);

export const ReplaceUploadKeyFieldsSchema = z.object({
  password: OwnerKeystorePasswordSchema,
  alias: KeyAliasSchema,
});
export type ReplaceUploadKeyFields = z.infer<typeof ReplaceUploadKeyFieldsSchema>;
