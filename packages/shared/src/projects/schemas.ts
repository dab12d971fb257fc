import { z } from "zod";
import { NAVBAR_TYPES, SEGMENTS } from "../common/enums";
import { HEX_COLOR_PATTERN, multiLineText, singleLineText } from "../common/fields";
import { ICON_KINDS } from "../files/icons";
import { DATABASE_KEY } from "./database-key";
import { ProjectsTexts as T } from "./texts";

/** Spec section 9's lengths, sizes and defaults for projects. */
export const PROJECT_LIMITS = {
  name: 50,
  keyApp: 90,
  createDescription: 200,
  updateDescription: 250,
} as const;
export const PROJECT_DEFAULTS = {
  color: "#0E904D",
  statusbar: "#FFFFFF",
  navBarType: "footer",
} as const;
export const PROJECT_ID_LENGTH = 101;
export { DATABASE_KEY, DATABASE_KEY_PATTERN } from "./database-key";
/** The project's database document id (spec: 33 random characters); not part of the key. */
export const DATABASE_ID_LENGTH = 33;

/** The app code loses every space as it is typed (and again on the server). */
export const stripSpaces = (value: string) => value.replace(/\s+/g, "");

export const ProjectNameSchema = singleLineText()
  .trim()
  .min(1, T.nameRequired)
  .max(PROJECT_LIMITS.name, T.nameTooLong(PROJECT_LIMITS.name));

export const AppCodeSchema = singleLineText()
  .transform(stripSpaces)
  .pipe(
    z
      .string()
      .min(1, T.codeRequired)
      .max(PROJECT_LIMITS.keyApp, T.codeTooLong(PROJECT_LIMITS.keyApp)),
  );

const descriptionSchema = (max: number, emptyMessage: string) =>
  multiLineText().trim().min(1, emptyMessage).max(max, T.descriptionTooLong(max));

export const SegmentSchema = z.enum(SEGMENTS, { error: T.segmentRequired });
export const NavBarTypeSchema = z.enum(NAVBAR_TYPES, { error: T.navBarRequired });
export const ProjectColorSchema = singleLineText().trim().regex(HEX_COLOR_PATTERN, T.invalidHex);

/**
 * The text fields of `POST /api/projects` (multipart/form-data; optional files icLaunch and
 * icNotification come after them). Also the new-app form's schema.
 */
export const CreateProjectInputSchema = z.object({
  name: ProjectNameSchema,
  keyApp: AppCodeSchema,
  description: descriptionSchema(PROJECT_LIMITS.createDescription, T.descriptionRequired),
  segment: SegmentSchema,
  navBarType: NavBarTypeSchema.default(PROJECT_DEFAULTS.navBarType),
  color: ProjectColorSchema.default(PROJECT_DEFAULTS.color),
  statusbar: ProjectColorSchema.default(PROJECT_DEFAULTS.statusbar),
});
export type CreateProjectInput = z.infer<typeof CreateProjectInputSchema>;
export const CREATE_PROJECT_TEXT_FIELDS = Object.keys(CreateProjectInputSchema.shape) as Array<
  keyof CreateProjectInput
>;
/** The multipart file fields of `POST /api/projects`, and the icon each one carries. */
export const CREATE_PROJECT_FILE_FIELDS = {
  icLaunch: "launch",
  icNotification: "notification",
} as const;

export const UpdateDescriptionSchema = descriptionSchema(
  PROJECT_LIMITS.updateDescription,
  T.descriptionEmpty,
);

/** The update page's small forms, one schema each; `PATCH /api/projects/:id` takes any of them. */
export const UpdateNameInputSchema = z.object({ name: ProjectNameSchema });
export const UpdateDescriptionInputSchema = z.object({ description: UpdateDescriptionSchema });
export const UpdateSegmentInputSchema = z.object({ segment: SegmentSchema });
export const UpdateColorInputSchema = z.object({ color: ProjectColorSchema });
export const UpdateStatusbarInputSchema = z.object({ statusbar: ProjectColorSchema });

export const UpdateProjectInputSchema = z
  .object({
    name: ProjectNameSchema.optional(),
    description: UpdateDescriptionSchema.optional(),
    segment: SegmentSchema.optional(),
    color: ProjectColorSchema.optional(),
    statusbar: ProjectColorSchema.optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), T.nothingToUpdate);
export type UpdateProjectInput = z.infer<typeof UpdateProjectInputSchema>;

export const ProjectIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,101}$/, T.invalidProjectId);
export const ProjectParamsSchema = z.object({ id: ProjectIdSchema });
export const ProjectIconParamsSchema = z.object({
  id: ProjectIdSchema,
  kind: z.enum(ICON_KINDS),
});

/** A project as the API shows it to its owner. Icon fields are URLs under /api/files/. */
export const ProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  keyApp: z.string(),
  description: z.string(),
  segment: z.enum(SEGMENTS),
  color: z.string(),
  statusbar: z.string(),
  navBarType: z.enum(NAVBAR_TYPES),
  icLaunchFileUrl: z.string(),
  icNotificationFileUrl: z.string(),
  status: z.boolean(),
  createdAt: z.string(),
});
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectListItemSchema = ProjectSchema.extend({
  installs: z.object({ apple: z.number().int(), android: z.number().int() }),
});
export type ProjectListItem = z.infer<typeof ProjectListItemSchema>;

export const ProjectsResponseSchema = z.object({ projects: z.array(ProjectListItemSchema) });
export type ProjectsResponse = z.infer<typeof ProjectsResponseSchema>;
export const ProjectResponseSchema = z.object({ project: ProjectSchema });
export type ProjectResponse = z.infer<typeof ProjectResponseSchema>;

export const CodeAvailabilityQuerySchema = z.object({ code: z.string().max(500).default("") });
export const CodeAvailabilityResponseSchema = z.object({
  code: z.string(),
  available: z.boolean(),
});
export type CodeAvailabilityResponse = z.infer<typeof CodeAvailabilityResponseSchema>;

/**
 * The settings page. `databaseKey` is the clear key on the first view (and in the answer that
 * generates a new key) and null afterwards; `databaseKeyMasked` (its display prefix and dots) is
 * always shown. `testKeyEnabled`: whether the key opens the project at all (the owner's switch).
 */
export const ProjectSettingsSchema = z.object({
  projectId: z.string(),
  appId: z.string(),
  appKey: z.string(),
  appName: z.string(),
  databaseKey: z.string().nullable(),
  databaseKeyMasked: z.string(),
  keyRevealedAt: z.string().nullable(),
  testKeyEnabled: z.boolean(),
  createdAt: z.string(),
});
export type ProjectSettings = z.infer<typeof ProjectSettingsSchema>;
export const ProjectSettingsResponseSchema = z.object({ settings: ProjectSettingsSchema });
export type ProjectSettingsResponse = z.infer<typeof ProjectSettingsResponseSchema>;

/**
 * `PUT /api/projects/:id/settings/test-key`: the owner switches the Test Mode key off (every call
 * and stream made with it is refused at once) or on again. Also the settings page's switch.
 */
export const TestKeySwitchInputSchema = z.object({ enabled: z.boolean() });
export type TestKeySwitchInput = z.infer<typeof TestKeySwitchInputSchema>;
export const TestKeySwitchResponseSchema = z.object({ testKeyEnabled: z.boolean() });
export type TestKeySwitchResponse = z.infer<typeof TestKeySwitchResponseSchema>;

/** A key's display prefix followed by a dot for each random character it does not show. */
export const maskDatabaseKey = (prefix: string) =>
  `${prefix}${"•".repeat(DATABASE_KEY.randomLength - DATABASE_KEY.shownLength)}`;

/** What the project page needs of its project. */
export const ProjectSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  keyApp: z.string(),
  status: z.boolean(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const ProjectSummaryResponseSchema = z.object({ project: ProjectSummarySchema });
export type ProjectSummaryResponse = z.infer<typeof ProjectSummaryResponseSchema>;
