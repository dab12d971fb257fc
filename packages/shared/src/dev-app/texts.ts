/**
 * User-facing texts of the dev app's server side (issue 26): the /dev/{appKey} page a phone
 * opens, the dev-link API's refusals, the dev app's download (landing page, test console, /docs).
 */
export const DevLinkTexts = {
  appName: "Hybridge Dev",

  // The dev-link API.
  badDevUrl:
    "This dev server address cannot be opened in the dev app: it must be an http:// or https:// address on your own network (localhost, 10.x.x.x, 172.16–31.x.x, 192.168.x.x, 169.254.x.x, a .local name or a private IPv6 address). Set the localhost URL on the test page to your computer's address on the Wi-Fi network.",
  unknownApp: "No app has this key on this server. Scan the QR code of the test page again.",
  unknownUpdate:
    "This app has no such update: it may have been deleted, or the link was cut short. Open the Preview of the update in the console again.",

  // The /dev/{appKey} page.
  pageTitle: "Open in Hybridge Dev",
  loading: "Checking the link",
  loadFailed: "Could not check this link.",
  retry: "Try again",
  refusedTitle: "This address cannot be opened",
  unknownTitle: "App not found",
  previewOf: (appName: string) => `Preview ${appName} on your phone`,
  devServerLabel: "Dev server",
  // A preview link (?update=): one of the app's over-the-air updates.
  updateNotFoundTitle: "Update not found",
  previewUpdateOf: (appName: string) => `Try an update of ${appName} on your phone`,
  updateLabel: "Update",
  updateNoMessage: "No message",
  publishedLabel: "Published",
  channelLabel: "Channel",
  stateLabel: "For users",
  updateStates: {
    live: (percent: number) => `Live, rolled out to ${percent} % of installs`,
    paused: "Paused: installs are not offered it",
    "rolled-back": "Rolled back: installs are not offered it",
  },
  previewNote:
    "Hybridge Dev downloads this update, checks its signature and runs it on its own: the apps your users installed are not changed, and the preview does not count as an install.",
  androidPreviewLead:
    "Hybridge Dev downloads this update and opens it. Any network works: the update comes from this server.",
  desktopPreviewLead:
    "This link opens the update in Hybridge Dev, the dev app, on an Android phone, so that you can try it before (or after) it goes to users.",
  desktopPreviewSteps: [
    "Open the camera on your phone and point it at this QR code, then tap the link it shows.",
    "Or copy the link and send it to your phone.",
  ],
  appKeyLabel: "App key",
  // On an Android phone.
  androidLead:
    "Hybridge Dev opens your app from your computer's dev server. Your phone must be on the same Wi-Fi network as your computer.",
  openInApp: "Open in Hybridge Dev",
  notOpened: "Nothing happened? Install Hybridge Dev first, then come back to this page.",
  installTitle: "Install Hybridge Dev",
  installLead:
    "Hybridge Dev is not on this phone yet. Install it, then open this page again (scan the QR code again).",
  installSteps: [
    "Tap Install Hybridge Dev: the phone downloads the APK.",
    "Open the download. If Android asks, allow your browser to install unknown apps.",
    "Come back to this page and tap Open in Hybridge Dev.",
  ],
  // On an iPhone.
  iosTitle: "Hybridge Dev for iPhone is coming soon",
  iosLead:
    "The dev app runs on Android phones for now. Until the iPhone version ships, preview your app in Safari at your dev server's address on the same Wi-Fi network.",
  // On a computer.
  desktopTitle: "Open this link on your phone",
  desktopLead:
    "This link opens your app's dev server in Hybridge Dev, the dev app, on an Android phone.",
  desktopSteps: [
    "Connect your phone to the same Wi-Fi network as this computer.",
    "Open the camera on your phone and point it at this QR code, then tap the link it shows.",
    "Or copy the link and send it to your phone.",
  ],
  qrLabel: "QR code of this link for your phone",

  // The dev app's download (landing page, test console, /docs).
  downloadAndroid: "Download for Android",
  downloadTitle: "Get the dev app",
  checking: "Looking for the dev app on this server…",
  versionAndSize: (version: string, megabytes: string) => `Version ${version} · ${megabytes} MB`,
  unavailableBadge: "Not available",
  unavailableCheckFailed: "Could not check whether this server has the dev app. Reload the page.",
  // Why there is no dev app (GET /api/dev-app's reasons: what happened and what to do).
  reasonBuilding:
    "This server is building the dev app right now (it takes a minute after the server starts). Reload the page in a moment.",
  reasonToolsMissing: (missing: readonly string[]) =>
    `This server cannot build the dev app: the Android build tools are not installed (${missing.join(", ")} missing). Install them on the server (sudo apt-get install -y aapt apksigner zipalign libsmali-java android-framework-res default-jre-headless) and restart it.`,
  reasonOff:
    "This server does not build the dev app (DEV_APP_BUILD=false). Ask its administrator to turn it on, or to run a server that builds it on the same database.",
  reasonFailed:
    "This server could not build the dev app (its log says why). Restart the server to try again.",

  // The test console's card.
  cardTitle: "Scan with your phone's camera",
  cardLead:
    "Point your phone's camera at the code: the link opens your dev server in Hybridge Dev, or offers to install it.",
  linkLabel: "Link",
  getDevApp: "Get Hybridge Dev for Android",
} as const;
