import { z } from "zod";
import { BUILD_PLATFORMS } from "../common/enums";
import { singleLineText } from "../common/fields";
import { AgentsTexts } from "./texts";

/**
 * The build machines' protocol (docs/agents-protocol.md, decision 022): every call carries
 * `Authorization: Bearer hb_agent_…`. An agent claims a job, sends progress (its heartbeat) and
 * log lines, uploads the artifact, then completes or fails the build.
 */
export const AgentPlatformsSchema = z
  .array(z.enum(BUILD_PLATFORMS, { error: AgentsTexts.invalidPlatforms }), {
    error: AgentsTexts.invalidPlatforms,
  })
  .min(1, AgentsTexts.invalidPlatforms)
  .max(BUILD_PLATFORMS.length, AgentsTexts.invalidPlatforms);

/** `POST /api/agents/claim`: the platforms this machine can build now. */
export const ClaimInputSchema = z.object({ platforms: AgentPlatformsSchema });
export type ClaimInput = z.infer<typeof ClaimInputSchema>;

/** A URL of this server the agent downloads with its own bearer token. */
const AgentUrl = z.string();

export const JobSchema = z.object({
  buildId: z.string(),
  platform: z.enum(BUILD_PLATFORMS),
  version: z.number().int(),
  /** Send progress at least every leaseSeconds / 3 seconds, or the build is taken back. */
  leaseSeconds: z.number().int(),
  /** 1 on the first try; 2 when a machine before this one stopped responding. */
  attempt: z.number().int(),
  app: z.object({
    name: z.string(),
    /** The project's app code: the Android package id derives from it. */
    appCode: z.string(),
    themeColor: z.string(),
    statusBarColor: z.string(),
    /** The 512×512 launch icon, or null for the default icon. */
    iconUrl: AgentUrl.nullable(),
  }),
  /** The project's newest web bundle (a zip), or null: build the starter page. */
  bundle: z.object({ url: AgentUrl, sha256: z.string(), size: z.number().int() }).nullable(),
  /**
   * The project's upload key for Android, or null at its first Android build: the agent makes
   * one (keystore), sends it with PUT …/signing-key, then signs with whichever key that answers.
   */
  signing: z.object({ keystoreUrl: AgentUrl, password: z.string(), alias: z.string() }).nullable(),
  /** The largest artifact the server takes, in bytes. */
  maxArtifactBytes: z.number().int(),
  /**
   * What the APK's assets/hybridge.json says about over-the-air updates (issue 27): the
   * server's PUBLIC_URL, the channel, the project's update key (null: none yet). Absent from
   * an older server: no hybridge.json.
   */
  updates: z
    .object({ server: z.string(), channel: z.string(), publicKey: z.string().nullable() })
    .optional(),
});
export type Job = z.infer<typeof JobSchema>;

export const ClaimResponseSchema = z.object({ job: JobSchema });
export type ClaimResponse = z.infer<typeof ClaimResponseSchema>;

export const AgentBuildParamsSchema = z.object({ buildId: z.string() });

/** A line of the build log: one line of text, control characters (ANSI colours) removed. */
export const LogLineSchema = singleLineText(AgentsTexts.invalidLogLine).max(
  2000,
  AgentsTexts.invalidLogLine,
);

/** `POST /api/agents/builds/:buildId/progress`: the heartbeat, with new log lines. */
export const ProgressInputSchema = z.object({
  percent: z
    .number(AgentsTexts.invalidPercent)
    .int(AgentsTexts.invalidPercent)
    .min(0, AgentsTexts.invalidPercent)
    .max(100, AgentsTexts.invalidPercent),
  log: z.array(LogLineSchema).max(200, AgentsTexts.tooManyLogLines).optional(),
});
export type ProgressInput = z.infer<typeof ProgressInputSchema>;

/** `cancelled`: the owner cancelled the build; stop and send nothing more. */
export const ProgressResponseSchema = z.object({ cancelled: z.boolean() });
export type ProgressResponse = z.infer<typeof ProgressResponseSchema>;

export const Sha256Schema = z
  .string(AgentsTexts.invalidSha256)
  .regex(/^[0-9a-f]{64}$/, AgentsTexts.invalidSha256);

/** `POST /api/agents/builds/:buildId/complete`: the artifact was uploaded; the build is ready. */
export const CompleteInputSchema = z.object({
  /** SHA-256 of the signing certificate (apksigner verify --print-certs), lower-case hex. */
  certSha256: Sha256Schema,
  log: z.array(LogLineSchema).max(200, AgentsTexts.tooManyLogLines).optional(),
});
export type CompleteInput = z.infer<typeof CompleteInputSchema>;

/** `POST /api/agents/builds/:buildId/fail`: the build failed; the reason is shown to the owner. */
export const FailInputSchema = z.object({
  reason: singleLineText(AgentsTexts.invalidReason)
    .min(1, AgentsTexts.invalidReason)
    .max(2000, AgentsTexts.invalidReason),
  log: z.array(LogLineSchema).max(200, AgentsTexts.tooManyLogLines).optional(),
});
export type FailInput = z.infer<typeof FailInputSchema>;

/** A keystore's password as a build machine makes it (random, URL-safe). */
export const MachineKeystorePasswordSchema = z
  .string(AgentsTexts.invalidPassword)
  .regex(/^[A-Za-z0-9_-]{8,128}$/, AgentsTexts.invalidPassword);

/**
 * A key's alias in a keystore: it reaches keytool's and apksigner's command lines, so plain
 * characters only. Java's PKCS#12 keystores ignore case: an alias is compared in lower case.
 */
export const KeyAliasSchema = z
  .string(AgentsTexts.invalidAlias)
  .toLowerCase()
  .regex(/^[a-z0-9._-]{1,64}$/, AgentsTexts.invalidAlias);

/** The headers of `PUT …/signing-key` that say how to open the keystore in its body. */
export const KEYSTORE_PASSWORD_HEADER = "x-keystore-password";
export const KEYSTORE_ALIAS_HEADER = "x-keystore-alias";

/**
 * `PUT /api/agents/builds/:buildId/signing-key` with the PKCS#12 keystore as the body
 * (application/octet-stream, at most MAX_KEYSTORE_BYTES) and its password and alias in the
 * `X-Keystore-Password` and `X-Keystore-Alias` headers — never in the URL, which logs and
 * proxies keep. The server checks that the password opens the keystore and that the alias holds
 * a private key and its certificate. 201: stored; 409: the project has a key already — the
 * answer carries it, and the agent signs with that one. The other headers pass through.
 */
export const SigningKeyHeadersSchema = z.looseObject({
  [KEYSTORE_PASSWORD_HEADER]: MachineKeystorePasswordSchema,
  [KEYSTORE_ALIAS_HEADER]: KeyAliasSchema,
});
export type SigningKeyHeaders = z.infer<typeof SigningKeyHeadersSchema>;

/** The largest keystore the server takes: an upload key is a few KB. */
export const MAX_KEYSTORE_BYTES = 64 * 1024;

export const SigningKeyResponseSchema = z.object({
  signing: z.object({ keystoreUrl: AgentUrl, password: z.string(), alias: z.string() }),
});
export type SigningKeyResponse = z.infer<typeof SigningKeyResponseSchema>;

/**
 * `POST /api/agents/release`: a machine shutting down hands back the builds it holds; they are
 * queued again at once (pending, for another machine; no attempt counted) and this machine's
 * later calls about them are refused (409). Answers how many went back.
 */
export const ReleaseResponseSchema = z.object({ released: z.number().int().min(0) });
export type ReleaseResponse = z.infer<typeof ReleaseResponseSchema>;

/** `{ ok: true }` of the calls that answer nothing else. */
export const AgentOkResponseSchema = z.object({ ok: z.literal(true) });
