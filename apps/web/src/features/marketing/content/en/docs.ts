import { MARKETING_VIDEOS } from "@hybridge/shared/marketing/media";
import type { PageMeta } from "../page-meta";
import type { VideoTextContent } from "../types";

/** The docs page (/docs): the demo video and the Test Mode guide. */

export const docsMeta: PageMeta = {
  title: "Documentation · Hybridge",
  description:
    "Create and start a Hybridge project, then call the Test Mode API from React: navigation, database, device features and logout, with snippets to copy.",
  lang: "en",
};

export const docsIntro = {
  title: "Documentation",
  lead: "Watch the demo, then follow the Test Mode guide: create a project, start it, and call Hybridge from your React code while the dev app shows the result on your phone.",
  tocLabel: "On this page",
  demo: {
    id: "demo",
    title: "Demo video",
    text: "The console from sign-up to a published build: create an app, get its database key, point the test console at your dev server, then request a build and publish it.",
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
      "In Test Mode your app runs from your computer inside the Hybridge dev app: save a file and the phone shows the change. Calls reach your project's test database, never your users' data.",
      "The functions below are the Test Mode API of the @hybridge/app package, which every new project already depends on. Import the groups you need:",
    ],
    importSnippet: 'import { nav, db, device, auth } from "@hybridge/app";',
    asyncNote:
      "Database, device and logout functions return promises: await them inside an async function or an event handler.",
  },
};

export type DocsFunction = {
  /** Anchor of the function, unique on the page. */
  id: string;
  title: string;
  text: string;
  code: string;
  /** The snippet's language, shown above it. */
  language: "bash" | "js" | "env";
};

export type DocsGroup = {
  id: string;
  title: string;
  text: string;
  functions: DocsFunction[];
};

export const docsGroups: DocsGroup[] = [
  {
    id: "install",
    title: "Install and start",
    text: "You need Node.js 20 or later, the app key from your project's settings page, and the dev app on your phone.",
    functions: [
      {
        id: "create-project",
        title: "Create the project",
        text: "Creates a React project linked to your app. Replace YOUR_APP_KEY with the key shown on your project's settings page.",
        language: "bash",
        code: "npm create hybridge@latest my-app -- --key YOUR_APP_KEY",
      },
      {
        id: "database-key",
        title: "Set the database key",
        text: "Paste the database key from the settings page into the .env file at the root of the project. The key is shown once: keep it out of version control.",
        language: "env",
        code: "HYBRIDGE_DATABASE_KEY=your-database-key",
      },
      {
        id: "start-project",
        title: "Start the project",
        text: "Starts the development server and prints a QR code. Scan it with the dev app, with your phone on the same network as your computer.",
        language: "bash",
        code: "cd my-app\nnpm run dev",
      },
    ],
  },
  {
    id: "navigation",
    title: "Navigation",
    text: "Move between screens. Pages are the routes of your React app; views are native screens provided by modules.",
    functions: [
      {
        id: "nav-back",
        title: "Back",
        text: "Returns to the previous screen, like the phone's back gesture. On the first screen it does nothing.",
        language: "js",
        code: "nav.back();",
      },
      {
        id: "nav-open-view",
        title: "Open a view",
        text: "Opens a native view by the name its module gives it, for example the map view of a maps module.",
        language: "js",
        code: 'nav.openView("map");',
      },
      {
        id: "nav-open-page",
        title: "Open a page",
        text: "Opens a page of your app on top of the current one, with the platform's native transition.",
        language: "js",
        code: 'nav.openPage("/cart");',
      },
      {
        id: "nav-open-page-param",
        title: "Open a page with a parameter",
        text: "Passes one parameter to the page. The page reads it with nav.param().",
        language: "js",
        code: 'nav.openPage("/product", { id: product.id });\n\n// In the product page:\nconst id = nav.param("id");',
      },
    ],
  },
  {
    id: "database",
    title: "Database",
    text: "Documents in named collections of your project's database. Every document gets an id and a createdAt date.",
    functions: [
      {
        id: "db-add",
        title: "Add a document",
        text: "Stores a new document in a collection (created on first use) and returns its id.",
        language: "js",
        code: 'const id = await db.add("orders", {\n  item: "Espresso",\n  quantity: 2,\n});',
      },
      {
        id: "db-add-file",
        title: "Add a document with a file",
        text: "Uploads the file first, then stores the document with the file's address in its fileUrl field.",
        language: "js",
        code: 'const [photo] = await device.openGallery();\nconst id = await db.addWithFile("receipts", { total: 42.5 }, photo);',
      },
      {
        id: "db-get-docs",
        title: "Get documents",
        text: "Returns the documents of a collection, newest first. limit is optional (100 by default).",
        language: "js",
        code: 'const orders = await db.getDocs("orders", { limit: 20 });\n// [{ id, item, quantity, createdAt }, …]',
      },
      {
        id: "db-get-doc",
        title: "Get a document",
        text: "Returns one document by its id, or null when it does not exist.",
        language: "js",
        code: 'const order = await db.getDoc("orders", id);\nif (order) console.log(order.item);',
      },
      {
        id: "db-delete",
        title: "Delete a document",
        text: "Deletes one document by its id. A file added with it is deleted too.",
        language: "js",
        code: 'await db.delete("orders", id);',
      },
    ],
  },
  {
    id: "device",
    title: "Device",
    text: "Features of the phone. The first call of each asks the user's permission; a refusal rejects the promise.",
    functions: [
      {
        id: "device-gallery",
        title: "Open the gallery",
        text: "Lets the user pick photos and returns them as File objects, ready for db.addWithFile. An empty array means the user cancelled.",
        language: "js",
        code: "const photos = await device.openGallery({ multiple: true });",
      },
      {
        id: "device-token",
        title: "Get the device token",
        text: "Returns the token that identifies this phone for push notifications. Store it with the user to notify them later.",
        language: "js",
        code: 'const token = await device.getDeviceToken();\nawait db.add("devices", { token });',
      },
      {
        id: "device-push",
        title: "Send a push notification",
        text: "Sends a notification to the phone a token belongs to.",
        language: "js",
        code: 'await device.pushNotification({\n  token,\n  title: "Order ready",\n  body: "Your espresso is waiting at the counter.",\n});',
      },
    ],
  },
  {
    id: "logout",
    title: "Logout",
    text: "End the signed-in user's session in your app.",
    functions: [
      {
        id: "auth-logout",
        title: "Log out",
        text: "Signs the user out and forgets their session on this phone. Send them to your sign-in page afterwards.",
        language: "js",
        code: 'await auth.logout();\nnav.openPage("/login");',
      },
    ],
  },
];

export const docsContact = {
  id: "contact",
  title: "Contact",
  text: "Stuck on a step, or missing a function? Write to us; a developer answers every message.",
};
