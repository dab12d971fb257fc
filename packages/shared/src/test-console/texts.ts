import { GenericTexts, NAVBAR_LABELS } from "../common/texts";

/**
 * User-facing texts of the test console (spec sections 2, 5 and 8), verbatim where the spec
 * gives them.
 */
export const TestConsoleTexts = {
  title: "Test console",
  loading: "Loading test console",
  linksLabel: "Test console links",
  unknownAppKey: "No app has this key on this server: copy it from your project's settings page.",
  lead: "Preview your app on your phone with the Hybridge dev app while you develop it.",
  projectKey: "App key",
  projectsMenu: "Switch project",
  projectsMenuLabel: "Your projects",

  // The three forms (spec section 5).
  settingsLegend: "Dev app settings",
  navBarTypeLabel: "Navbar type",
  navBarTypes: NAVBAR_LABELS,
  navBarTypeRequired: "Please choose a navbar type.",
  localhostUrlLabel: "Localhost URL",
  localhostUrlPlaceholder: "e.g. http://192.168.1.23:5173",
  localhostUrlHint: "Your computer's address on the Wi-Fi network and your dev server's port.",
  invalidUrl: "Please enter a valid URL (e.g., http://192.168.1.10:3000).",
  urlTooLong: (max: number) => `The URL must be at most ${max} characters.`,
  statusBarLabel: "Status bar color",
  statusBarPlaceholder: "#RRGGBB",
  invalidHex: "Invalid hex color format (e.g., #099e51).",
  oneSettingAtATime: "Change one setting at a time.",
  change: "Change",
  updated: "Updated successfully!",
  updateFailed: "Update failed.",

  // Running the dev app (spec section 2: "text about running the dev app on the same network").
  sameNetworkTitle: "Run the dev app on the same network",
  sameNetworkSteps: [
    "Connect your phone and your computer to the same Wi-Fi network.",
    "Start your app's dev server on your computer.",
    "Set the localhost URL to your computer's address on that network followed by your dev server's port, for example http://192.168.1.23:5173 (npm run dev prints it), and press Change. Do not use localhost: on the phone, localhost is the phone itself.",
    "Open the camera on your phone and scan the QR code: the link opens your app in the Hybridge dev app, or offers to install it.",
  ],

  // The QR code.
  qrLabel: "QR code of the dev app's link",
  /** Before the tester has entered a localhost URL: nothing for the phone to open yet. */
  noQrTitle: "No QR code yet",
  noQrHint:
    "Enter your dev server's address in Localhost URL (your computer's address on the Wi-Fi network and its port) and press Change: the QR code appears here. In your app's folder, npm run dev prints a QR code with that address already filled in.",
  serverLabel: "Server",
  appCodeLabel: "App key",
  qrContents: "What the dev app reads",

  // Links.
  home: "Home",
  feedback: "Feedback",
  docs: "Docs",

  // Errors.
  projectNotFound: "This project could not be found.",
  loadFailed: "Could not load the test console.",
  retry: "Try again",
  backHome: "Back to my projects",
  devKeyRequired: GenericTexts.databaseKeyRequired,
} as const;
