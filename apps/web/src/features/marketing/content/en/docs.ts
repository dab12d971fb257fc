import { DOCS_IMPORT_SNIPPET } from "@hybridge/shared/marketing/docs-guide";
import { MARKETING_VIDEOS } from "@hybridge/shared/marketing/media";
import type { PageMeta } from "../page-meta";
import type { VideoTextContent } from "../types";

/** The docs page (/docs): the demo video and the Test Mode guide. */

export const docsMeta: PageMeta = {
  title: "Documentation · Hybridge",
  description:
    "Create and start a Hybridge project, then call Hybridge from React: navigation, database, queries, device features, users, access rules and over-the-air updates, with snippets to copy.",
  lang: "en",
};

export const docsIntro = {
  title: "Documentation",
  lead: "Watch the demo, then follow the Test Mode guide: create a project, start it, and call Hybridge from your React code while the dev app shows the result on your phone.",
  tocLabel: "On this page",
  comingSoon: "Coming soon",
  demo: {
    id: "demo",
    title: "Demo video",
    text: "The console from sign-up to a published build: create an app, get its app key, point the test console at your dev server, then request a build and publish it.",
    video: {
      locale: "en",
      title: MARKETING_VIDEOS.docsDemo.title,
      stepsHeading: "What the video shows",
      captionsLabel: "English",
    } satisfies VideoTextContent,
  },
  testMode: {
    id: "test-mode",
    title: "Test Mode guide",
    paragraphs: [
      "In Test Mode your app runs from your computer inside the Hybridge dev app: save a file and the phone shows the change. Your app calls your project's database as it will once live, with its app key and its users' sign-in, so your access rules apply.",
      "The functions below are the Test Mode API of the @hybridge/app package, which every new project already depends on. Import the groups you need:",
    ],
    devApp: {
      title: "Get the dev app",
      text: "Hybridge Dev shows your dev server on an Android phone. Install it from this server, then scan the QR code of your test console or of hybridge dev with the phone's camera: the link opens your app in it.",
      ios: "An iPhone version of the dev app is coming soon.",
    },
    importSnippet: DOCS_IMPORT_SNIPPET,
    asyncNote:
      "Database, device and sign-in functions return promises: await them inside an async function or an event handler.",
  },
};

export {
  type DocsFunction,
  type DocsGroup,
  docsGroups,
} from "@hybridge/shared/marketing/docs-guide";

export const docsContact = {
  id: "contact",
  title: "Contact",
  text: "Stuck on a step, or missing a function? Write to us; a developer answers every message.",
};
