import { z } from "zod";
import { isAllowedText } from "../common/characters";
import { MODULE_PLATFORMS } from "../common/enums";
import { multiLineText, singleLineText } from "../common/fields";
import { formatEuros } from "../common/format-euros";
import { DEFAULT_MODULE_PLATFORM } from "./platforms";
import { StoreTexts as T } from "./texts";

/** The modules table's bounds: varchar lengths and numeric(10,2). */
export const MODULE_LIMITS = {
  title: 120,
  description: 2000,
  priceMax: 99_999_999.99,
} as const;

/** Spec section 9: up to 3 similar modules on a module's page. */
export const SIMILAR_MODULES_LIMIT = 3;

const requiredText = (max: number, tooLong: (max: number) => string, lines = singleLineText) =>
  lines(T.required).trim().min(1, T.required).max(max, tooLong(max));

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
/** At most two decimals, tolerant of binary floating point (0.29 * 100 = 28.999…). */
const hasCents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/**
 * A price in euros (spec section 5: a number, min 0, step 0.01, default 0). Takes the form's
 * text (or a multipart field); blank means 0.
 */
export const ModulePriceSchema = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return 0;
    if (typeof value !== "string") return value;
    // A price is one line: a line break around it is refused, not trimmed away.
    if (!isAllowedText(value, "single-line")) return Number.NaN;
    const text = value.trim();
    if (text === "") return 0;
    return DECIMAL.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({ error: T.priceInvalid })
    .min(0, T.priceNegative)
    .max(MODULE_LIMITS.priceMax, T.priceTooHigh(formatEuros(MODULE_LIMITS.priceMax)))
    .refine(hasCents, T.priceCents),
);

export const ModulePlatformSchema = z.enum(MODULE_PLATFORMS, { error: T.platformInvalid });

/**
 * The text fields of `POST /api/store/modules` (multipart/form-data; the files `thumbnail`,
 * required, and `video`, optional, come after them). The add-module form extends it with the
 * files.
 */
export const CreateModuleInputSchema = z.object({
  title: requiredText(MODULE_LIMITS.title, T.titleTooLong),
  description: requiredText(MODULE_LIMITS.description, T.descriptionTooLong, multiLineText),
  price: ModulePriceSchema,
  platform: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    ModulePlatformSchema.default(DEFAULT_MODULE_PLATFORM),
  ),
});
export type CreateModuleInput = z.infer<typeof CreateModuleInputSchema>;
export const CREATE_MODULE_TEXT_FIELDS = ["title", "description", "price", "platform"] as const;
/** The multipart file fields of `POST /api/store/modules`, and the media each one carries. */
export const CREATE_MODULE_FILE_FIELDS = { thumbnail: "thumbnail", video: "video" } as const;

/** A module as the store grid and the similar list show it. Media fields are /api/files/ URLs. */
export const ModuleSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  platform: z.enum(MODULE_PLATFORMS),
  price: z.number(),
  thumbnailUrl: z.string(),
  createdAt: z.string(),
});
export type ModuleSummary = z.infer<typeof ModuleSummarySchema>;

/** A module on its own page: its video, and whether the viewer may delete it. */
export const ModuleSchema = ModuleSummarySchema.extend({
  videoUrl: z.string().nullable(),
  canDelete: z.boolean(),
});
export type Module = z.infer<typeof ModuleSchema>;

export const ModulesResponseSchema = z.object({ modules: z.array(ModuleSummarySchema) });
export type ModulesResponse = z.infer<typeof ModulesResponseSchema>;

export const ModuleResponseSchema = z.object({ module: ModuleSchema });
export type ModuleResponse = z.infer<typeof ModuleResponseSchema>;

export const ModuleDetailResponseSchema = z.object({
  module: ModuleSchema,
  similar: z.array(ModuleSummarySchema).max(SIMILAR_MODULES_LIMIT),
});
export type ModuleDetailResponse = z.infer<typeof ModuleDetailResponseSchema>;

/** Any text: a malformed id answers 404 like an unknown one (never a 400). */
export const ModuleParamsSchema = z.object({ moduleId: z.string() });
export const ProjectModulesParamsSchema = z.object({ projectId: z.string() });
/** `DELETE /api/store/projects/:projectId/modules/:moduleId`: removes one integration. */
export const ProjectModuleParamsSchema = z.object({ projectId: z.string(), moduleId: z.string() });

export const IntegrateModuleInputSchema = z.object({
  projectId: singleLineText(T.projectNotFound)
    .trim()
    .min(1, T.projectNotFound)
    .max(300, T.projectNotFound),
});
export type IntegrateModuleInput = z.infer<typeof IntegrateModuleInputSchema>;

/** The integrate dialog: the owner's projects, newest first, those already using the module marked. */
export const IntegrationTargetSchema = z.object({
  id: z.string(),
  name: z.string(),
  keyApp: z.string(),
  integrated: z.boolean(),
});
export type IntegrationTarget = z.infer<typeof IntegrationTargetSchema>;
export const IntegrationTargetsResponseSchema = z.object({
  projects: z.array(IntegrationTargetSchema),
});
export type IntegrationTargetsResponse = z.infer<typeof IntegrationTargetsResponseSchema>;

export const IntegrationResponseSchema = z.object({
  integration: z.object({ projectId: z.string(), moduleId: z.string(), addedAt: z.string() }),
  /** False when the project already had the module (integrating is idempotent). */
  created: z.boolean(),
});
export type IntegrationResponse = z.infer<typeof IntegrationResponseSchema>;

/** The modules a project integrates, most recently added first. */
export const ProjectModulesResponseSchema = z.object({
  modules: z.array(ModuleSummarySchema.extend({ addedAt: z.string() })),
});
export type ProjectModulesResponse = z.infer<typeof ProjectModulesResponseSchema>;
