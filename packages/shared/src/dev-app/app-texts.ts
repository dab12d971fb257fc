/**
 * Texts of Hybridge Dev itself (the Android dev app): its bundled start screen and its
 * "could not reach your dev server" page, and the refusals of its build.
 */
export const DevAppTexts = {
  appName: "Hybridge Dev",
  invalidPublicUrl: (url: string) =>
    `The dev app needs the server's public address as an http(s) URL, not "${url}".`,
  invalidVersionName: "The dev app's version name must be 1 to 100 printable characters.",

  startTitle: "Hybridge Dev",
  startLead: "Preview the app you are building, live, on this phone.",
  startHowTitle: "Open a project",
  startHowSteps: [
    "Start your dev server (hybridge dev, or your own: npm run dev).",
    "Open your project's test console, or look at the terminal of hybridge dev.",
    "Scan its QR code with this phone's camera: the project opens here.",
  ],
  startSameNetwork: "This phone and your computer need to be on the same Wi-Fi.",
  recentTitle: "Recent projects",
  recentEmpty: "The projects you open appear here.",
  recentOpen: "Open",
  recentOpenedAt: "Opened",

  unreachableTitle: "Your dev server could not be reached",
  unreachableLead: "Hybridge Dev tried to open:",
  unreachableChecks: [
    "Is your dev server still running?",
    "Are this phone and your computer on the same Wi-Fi? Guest networks often keep devices apart.",
    "Does your dev server listen on the network, not only on localhost? With Vite: vite --host.",
    "Does your computer's firewall let the phone in on this port?",
  ],
  unreachableServerTitle: "The Hybridge server could not be reached",
  unreachableServerLead: "Hybridge Dev asked the Hybridge server for your project's settings at:",
  unreachableServerChecks: [
    "Is this phone on the same network as the server (the same Wi-Fi for a server on your computer)?",
    "Is the server running, and does its address (PUBLIC_URL) work from this phone's browser?",
  ],
  unreachableRetry: "Retry",
  unreachableHome: "Recent projects",

  unknownTitle: "This project is not on the server",
  unknownLead:
    "The Hybridge server knows no project with this app key. It may have been deleted, or the QR code may come from another server.",
  refusedTitle: "This address is not a dev server on your network",
  refusedLead:
    "Hybridge Dev opens dev servers on this phone, on your local network or on localhost only, so that a QR code cannot send it to a site on the internet. It refused:",
  refusedHint: "Start your dev server on your computer and scan the QR code of its test console.",

  // An update's preview (issue 27): the loading page, then the page that says why it failed.
  previewTitle: "Opening the update",
  previewLead:
    "Hybridge Dev downloads this update from the Hybridge server, checks its signature, and opens it. Your users' apps are not changed.",
  previewFailedTitle: "This update could not be opened",
  previewFailedLead: "Hybridge Dev could not download this update, or refused it:",
  previewUnknownLead:
    "The Hybridge server has no such update for this app. It may have been deleted, or the link was cut short: open the update's Preview in the console again.",
  previewFailedHint:
    "An update whose hash or signature does not match is never opened. Your users' apps are not affected.",
} as const;
