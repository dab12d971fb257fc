/**
 * User-facing texts of over-the-air updates (issue 27): the API's refusals. The console's
 * "Updates" section adds its own next round.
 */
export const UpdatesTexts = {
  invalidAppKey: "The app key is missing or malformed.",
  invalidChannel:
    "A channel name has 1 to 40 characters: lowercase letters, digits and hyphens (for example production or beta).",
  invalidRuntimeVersion: "The runtime version is missing or malformed.",
  invalidInstallId: "The install id has 8 to 64 characters: letters, digits and hyphens.",
  invalidUpdateId: "The update id is malformed.",
  invalidEvent: "The event is one of downloaded, applied, ready, failed or rolled-back.",
  reasonTooLong: "The reason has at most 500 characters.",
  invalidRollout: "The rollout is a whole percentage from 1 to 100.",
  messageTooLong: "The message has at most 200 characters.",
  invalidChange: "Send either a rollout percentage or whether the update is paused.",
  invalidRollbackTarget: 'Roll back to an update of this channel, or to "embedded".',
  updateNotFound: "Update not found.",
  channelNotFound: "Channel not found.",
  rollbackTargetNotFound: "The update to roll back to is not one of this channel's updates.",
  bundleReplaced:
    "Newer deploys replaced this bundle before its update was made. Deploy again to publish it as an update.",
  rollbackTargetRolledBack: "That update was rolled back: roll back to an earlier one.",
} as const;
