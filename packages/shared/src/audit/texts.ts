import type { AuditAction } from "./actions";

/** What happened, in words (after the actor's name: "Ada regenerated the database key"). */
const ACTIONS = {
  "key.regenerated": "regenerated the database key",
  "deploy-token.created": "created a deploy token",
  "deploy-token.revoked": "revoked a deploy token",
  "build.published": "published a build",
  "upload-key.replaced": "replaced the upload key with their own",
  "upload-key.reset": "reset the upload key",
  "upload-key.downloaded": "downloaded the upload key",
  "upload-key.password-read": "read the upload key's password",
  "admin.granted": "became an admin (their ADMIN_EMAILS address proved)",
  "agent.added": "added a build machine",
  "agent.removed": "removed a build machine",
  "channel.created": "created an update channel",
  "update.rollout-changed": "changed an update's rollout",
  "update.paused": "paused an update",
  "update.resumed": "resumed an update",
  "update.rolled-back": "rolled back an update channel",
  "update.deleted": "deleted an update",
} satisfies Record<AuditAction, string>;

const SOMEONE = "A deleted account";

/** Texts of the audit log: the project page's "Activity" section and the /dash list. */
export const AuditTexts = {
  title: "Activity",
  lead: "What was done to this project's keys, tokens, builds and updates, newest first.",
  adminTitle: "Audit log",
  adminLead: "What owners and admins did, on every project, newest first.",
  empty: "Nothing recorded yet.",
  loadFailed: "Could not load the activity.",
  more: "Show older",
  allActions: "All actions",
  filterLabel: "Action",
  someone: SOMEONE,
  projectNotFound: "Project not found.",
  adminOnly: "Only an admin can see the audit log.",
  invalidCursor: "The cursor is not valid: use the nextCursor of the previous page.",
  invalidLimit: (max: number) => `The limit is a whole number from 1 to ${max}.`,
  invalidAction: "Unknown action.",
  /** One event in words: "Ada published a build". */
  sentence: (actorName: string | null, action: AuditAction): string =>
    `${actorName ?? SOMEONE} ${ACTIONS[action]}`,
  /** What it was done to, when the event says: a token's or machine's name, a version… */
  detail: (details: Record<string, string | number>) =>
    [
      details.name,
      details.channel && `channel ${details.channel}`,
      details.version !== undefined && `version ${details.version}`,
      details.rolloutPercent !== undefined && `${details.rolloutPercent} %`,
      details.tokenPrefix && `${details.tokenPrefix}…`,
    ]
      .filter(Boolean)
      .join(" · "),
  actions: ACTIONS,
} as const;
