/**
 * User-facing texts of over-the-air updates (issue 27): the API's refusals; the console's
 * "Updates" section is UpdatesConsoleTexts below.
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

/** The project page's "Updates" section (issue 27, "The console"). */
export const UpdatesConsoleTexts = {
  title: "Updates",
  lead: "Every deploy makes an over-the-air update: installed apps download it in the background and apply it at their next start.",
  loading: "Loading updates…",
  loadFailed: "The updates could not be loaded.",
  empty: "No update yet: npm run deploy in your project makes one on the production channel.",
  channelLabel: (name: string) => `Channel ${name}`,
  channelEmbedded: "Installs on this channel run their build's embedded bundle.",
  updateLabel: (message: string) => message || "Update without a message",
  noMessage: "No message",
  size: "Size",
  rollout: "Rollout",
  paused: "Paused",
  rolledBack: "Rolled back",
  live: "Live",
  counts: {
    asked: "Asked",
    downloaded: "Downloaded",
    applied: "Applied",
    failed: "Failed",
    rolledBack: "Rolled back",
  },
  rollOutFurther: "Roll out further",
  rollOutTitle: "Roll out further",
  rollOutText: (current: number) =>
    `The update now goes to ${current} % of installs. Installs already in stay in when the share grows.`,
  rollOutLabel: "New rollout (%)",
  rollOutInvalid: (current: number) => `Enter a whole percentage above ${current}, at most 100.`,
  rollOutConfirm: "Roll out",
  rolledOut: (percent: number) => `The update now goes to ${percent} % of installs.`,
  pause: "Pause",
  resume: "Resume",
  pauseTitle: "Pause this update?",
  pauseText: "Installs that have not downloaded it yet are no longer offered it, until you resume.",
  resumeTitle: "Resume this update?",
  resumeText: "Installs in its rollout are offered it again at their next start.",
  pausedDone: "Update paused.",
  resumedDone: "Update resumed.",
  rollBackTo: "Roll back to this",
  rollBackToTitle: "Roll back to this update?",
  rollBackToText:
    "Every newer update of this channel is withdrawn for good: installs on them return to this update at their next start.",
  rollBackEmbedded: "Roll back to the builds' bundle",
  rollBackEmbeddedTitle: "Roll back to the builds' embedded bundle?",
  rollBackEmbeddedText:
    "Every update of this channel is withdrawn for good: installs return to the bundle their build carries at their next start.",
  rollBackConfirm: "Roll back",
  rolledBackDone: "Channel rolled back.",
  actionFailed: "That did not work. Try again.",
} as const;

/** An update's "Preview" in the console (issue 27, decision 057): its QR code and link. */
export const UpdatePreviewTexts = {
  preview: "Preview",
  title: "Preview this update",
  lead: "Scan the code with an Android phone's camera: Hybridge Dev downloads this update, checks its signature and opens it, without changing your users' apps. Send the link to a teammate so they can try it too.",
  notLive:
    "This update is not offered to installs right now (paused or rolled back); the preview still opens it.",
  qrLabel: "QR code of this update's preview link",
  linkLabel: "Preview link",
  close: "Close",
} as const;
