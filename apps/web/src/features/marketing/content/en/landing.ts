import { paths } from "@hybridge/shared/common/paths";
import { MARKETING_VIDEOS } from "@hybridge/shared/marketing/media";
import {
  Blocks,
  Box,
  Briefcase,
  CloudUpload,
  Database,
  Hammer,
  Laptop,
  Map as MapIcon,
  QrCode,
  Send,
  Smartphone,
  Sparkles,
  User,
  Wifi,
} from "lucide-react";
import { landingAlternates, type PageMeta } from "../page-meta";
import type {
  ClosingContent,
  ComparisonContent,
  FeatureCardContent,
  HeroContent,
  LandingNavContent,
  SectionHeadingContent,
} from "../types";
import { siteDescription } from "./site";

/** The English landing page (/): every word of it, in the order of the page. */

export const landingMeta: PageMeta = {
  title: "Hybridge · Native iOS and Android apps for web developers",
  description: siteDescription,
  lang: "en",
  alternates: landingAlternates,
};

export const landingSections = {
  why: "why",
  package: "package",
  resources: "resources",
  target: "target",
  solution: "solution",
  comparison: "comparison",
  pricing: "pricing",
  trustedBy: "trusted-by",
} as const;

export const landingNav = {
  label: "Page sections",
  alternate: { to: paths.landingFr, label: "Français", lang: "fr" },
  links: [
    { id: landingSections.why, label: "Why" },
    { id: landingSections.package, label: "Package" },
    { id: landingSections.resources, label: "Starter kit" },
    { id: landingSections.target, label: "Who it's for" },
    { id: landingSections.solution, label: "How it works" },
    { id: landingSections.comparison, label: "Compare" },
    { id: landingSections.pricing, label: "Pricing" },
    { id: landingSections.trustedBy, label: "Teams" },
  ],
} satisfies LandingNavContent;

export const hero = {
  eyebrow: "Native iOS and Android apps, built with web skills",
  // The h1 is the product name; the tagline carries the promise.
  tagline: "Ship native mobile apps with the React you already write.",
  lead: "Hybridge gives your React code a backend, native modules, cloud builds and store publishing. No server to run, no Mac to buy, no native toolchain to learn.",
  primaryCta: "Get Started",
  secondaryCta: "Read the docs",
  stats: [
    { value: "3x", label: "faster delivery" },
    { value: "0", label: "servers to run" },
    { value: "No Mac", label: "needed for iOS builds" },
  ],
  video: {
    locale: "en",
    title: MARKETING_VIDEOS.hero.title,
    stepsHeading: "What the video shows",
    captionsLabel: "English",
  },
} satisfies HeroContent;

export const why = {
  eyebrow: "Why Hybridge",
  title: "Half of a mobile project is mechanics",
  lead: "Web teams lose about 50% of their time on mechanics: the backend, two native toolchains, signing, builds and store reviews. None of it is the app your client asked for.",
  stat: { value: "50%", label: "of a mobile project's time goes to mechanics, not features" },
  pains: [
    {
      icon: Database,
      title: "A backend before the first screen",
      text: "A database, sign-in, push notifications and a server to host them: weeks of work before the app does anything of its own.",
    },
    {
      icon: Hammer,
      title: "Two native toolchains",
      text: "Xcode and Android Studio, Gradle and CocoaPods, certificates and provisioning profiles, each with its own way to break.",
    },
    {
      icon: Laptop,
      title: "A Mac just to build for iOS",
      text: "Apple's build tools run on macOS only, so a Windows or Linux team needs extra hardware or a build service to ship one iPhone app.",
    },
    {
      icon: Send,
      title: "Releases by hand",
      text: "Uploading, filling in store listings and waiting for review, again for every small fix your users are waiting for.",
    },
  ] satisfies FeatureCardContent[],
};

export const packageSection = {
  eyebrow: "The package",
  title: "Everything between your React code and the stores",
  lead: "Four pieces that usually take four tools, set up once for every app you make.",
  items: [
    {
      icon: Database,
      title: "Built-in backend",
      text: "Database, authentication, push notifications and functions, ready when your project is created. You call them from JavaScript; there is no server to deploy.",
    },
    {
      icon: Blocks,
      title: "Native module store",
      text: "Kotlin and Swift modules for what a web view cannot do well: maps, animation, 3D. Add one to your project and call it from your code.",
    },
    {
      icon: CloudUpload,
      title: "Cloud builds and store publishing",
      text: "iOS and Android builds run in our cloud, without a Mac. Published builds go to the App Store and Google Play automatically.",
    },
    {
      icon: QrCode,
      title: "Live preview and OTA updates",
      text: "Scan a QR code with the dev app to see your local changes on your phone, then ship fixes over the air without waiting for a store review.",
    },
  ] satisfies FeatureCardContent[],
};

export const resources = {
  eyebrow: "Starter kit",
  title: "What you need to start",
  lead: "No hardware list and no SDKs to install. Three things, and you probably have them already.",
  items: [
    {
      icon: Laptop,
      title: "Any computer",
      text: "Windows, macOS or Linux, with Node.js. Builds run in the cloud, so your laptop never needs Xcode or Android Studio.",
    },
    {
      icon: Smartphone,
      title: "The Hybridge dev app",
      text: "Install it on your phone, scan the QR code of your project and watch your local changes appear as you save.",
    },
    {
      icon: Wifi,
      title: "An internet connection",
      text: "Your backend, your builds and your updates live in the cloud. Keep the phone on the same network as your computer while you preview.",
    },
  ] satisfies FeatureCardContent[],
  downloadTitle: "Get the dev app",
  // The Android button is the server's own dev app (components/dev-app/dev-app-download.tsx):
  // its APK when the server has built it, else why not. No iOS dev app yet: the button says so.
  ios: {
    label: "Download for iOS",
    badge: "Coming soon",
    hint: "The iPhone version is on its way",
  },
};

export const target = {
  eyebrow: "Who it's for",
  title: "Built for the people who ship client apps",
  lead: "Whether you run a studio or work alone, Hybridge takes the mechanics off your estimate.",
  audiences: [
    {
      icon: Briefcase,
      title: "Agencies",
      text: "Say yes to mobile projects with the team you have.",
      benefits: [
        "Staff mobile projects with your React developers, without hiring native specialists",
        "Quote shorter timelines: the backend, builds and publishing are already done",
        "One project per client app, each with its own keys, builds and store listing",
        "Fix a client's app the same day with over-the-air updates",
        "Deliver up to 3x faster, and spend the time saved on the app itself",
      ],
    },
    {
      icon: User,
      title: "Freelancers",
      text: "Sell mobile work with the skills you sell today.",
      benefits: [
        "Build native apps in React, the way you build websites",
        "No Mac, no Xcode, no Android Studio on your machine",
        "Start free with the Developer plan; pay when an app goes live",
        "Add maps, animation or 3D from the module store instead of writing Swift and Kotlin",
        "Show clients their app on their own phone with a QR code",
      ],
    },
  ],
};

export const solution = {
  eyebrow: "How it works",
  title: "Web where it's enough, native where it counts",
  lead: "A Hybridge app is a hybrid. A web view draws the standard screens from the React code you write; native modules take over where a web view falls short.",
  layers: [
    {
      title: "Web view: your standard screens",
      text: "Lists, forms, settings, profiles, checkout: most of an app, written in React and shared with your web skills.",
      points: ["Your React code and libraries", "Fast to change, updated over the air"],
    },
    {
      title: "Native modules: the demanding parts",
      text: "Modules written in Kotlin and Swift run natively on the phone, where smoothness matters most.",
      points: [],
      modules: [
        { icon: MapIcon, label: "Maps" },
        { icon: Sparkles, label: "Animation" },
        { icon: Box, label: "3D" },
      ],
    },
  ],
  bridge: {
    title: "One JavaScript API between them",
    text: "Navigation, database and device features are plain function calls from your React code.",
    code: 'import { nav, db, device } from "@hybridge/app";\n\nconst [photo] = await device.openGallery();\nawait db.addWithFile("receipts", { total: 42.5 }, photo);\nnav.openPage("/receipts");',
  },
};

export const comparisonSection = {
  eyebrow: "Compare",
  title: "How Hybridge compares",
  lead: "Every tool here can ship a good app. The difference is how much you build around it.",
} satisfies SectionHeadingContent;

/** The comparison's words; what each option covers is comparisonCoverage (../comparison.ts). */
export const comparison: ComparisonContent = {
  caption: "Hybridge compared with other ways to build a mobile app",
  criterionHeader: "What you get",
  options: ["Hybridge", "React Native", "Flutter", "Capacitor", "No-code builders"],
  coverageLabels: { yes: "Yes", partial: "Partly", no: "No" },
  labelSeparator: ": ",
  scrollHint: "Scroll sideways to see every option",
  rows: [
    {
      key: "language",
      criterion: "What you write",
      cells: [
        "React, JavaScript or TypeScript",
        "React, with native components",
        "Dart, a new language for web teams",
        "Any web framework",
        "A visual editor, little code",
      ],
    },
    {
      key: "backend",
      criterion: "Backend included",
      cells: [
        "Database, auth, push, functions",
        "Bring your own (e.g. Firebase)",
        "Bring your own (e.g. Firebase)",
        "Bring your own",
        "Usually, inside the platform",
      ],
    },
    {
      key: "iosWithoutMac",
      criterion: "iOS builds without a Mac",
      cells: [
        "Cloud builds included",
        "With a cloud service such as Expo EAS",
        "With a third-party CI service",
        "With a cloud service such as Ionic Appflow",
        "Built by the platform",
      ],
    },
    {
      key: "storePublishing",
      criterion: "Store publishing",
      cells: [
        "Automatic",
        "With EAS Submit or fastlane",
        "By hand or with fastlane",
        "By hand or with Appflow",
        "Guided, varies by platform",
      ],
    },
    {
      key: "otaUpdates",
      criterion: "Over-the-air updates",
      cells: [
        "Included",
        "With EAS Update",
        "Third-party only (e.g. Shorebird)",
        "With Appflow or Capgo",
        "Varies by platform",
      ],
    },
    {
      key: "demandingFeatures",
      criterion: "Maps, animation and 3D",
      cells: [
        "Native Kotlin and Swift modules",
        "Native libraries from npm",
        "Packages from pub.dev",
        "Plugins; heavy 3D stays in the web view",
        "What the platform offers",
      ],
    },
    {
      key: "nativeUi",
      criterion: "Native UI on every screen",
      cells: [
        "Web view for standard screens",
        "Native components throughout",
        "Its own rendering engine",
        "Web view throughout",
        "Varies by platform",
      ],
    },
    {
      key: "codeOwnership",
      criterion: "You own the code",
      cells: [
        "Your React project",
        "Open source",
        "Open source",
        "Open source",
        "Tied to the platform",
      ],
    },
    {
      key: "maturity",
      criterion: "Maturity",
      cells: [
        "New, in beta",
        "Since 2015, large community",
        "Since 2018, large community",
        "Since 2019, established",
        "Varies by platform",
      ],
    },
  ],
  note: "Hybridge is young: where another tool is ahead, the table says so. Facts about other tools come from their own documentation; tell us if one has changed.",
};

export const pricing = {
  eyebrow: "Pricing",
  title: "Free while you build, paid when your app goes live",
  lead: "Develop locally for free as long as you like. Choose Pro when your first app is ready for the stores.",
  addOnLabel: "Add-on",
} satisfies SectionHeadingContent & { addOnLabel: string };

/**
 * The partner marks are examples drawn for this page (components/partner-logos.tsx), not
 * customers: the words say so. The section keeps its anchor, #trusted-by.
 */
export const trustedBy = {
  eyebrow: "Built for teams like these",
  title: "Studios, agencies and freelancers who ship apps for their clients",
  lead: "The names below are examples, drawn for this page: the beta is just starting. Real teams will appear here once they agree to it.",
} satisfies SectionHeadingContent;

export const closing = {
  title: "Your next app starts with the code you already know",
  text: "Join the beta: we open new places every week and help every team with its first build.",
  cta: "Get Started",
  to: paths.beta,
} satisfies ClosingContent;
