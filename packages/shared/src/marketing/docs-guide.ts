import { createAppCommand } from "../projects/install-command";

/**
 * The /docs page's Test Mode guide: one entry per function of the SDK and step of the command
 * line. The page renders it and the e2e tests run its snippets against a server, so the docs
 * cannot drift from what works.
 */

/** The import line of the guide: the SDK's groups an app's module uses. */
export const DOCS_IMPORT_SNIPPET =
  'import { nav, db, device, auth, updates } from "@hybridge/app";';

export type DocsFunction = {
  /** Anchor of the function, unique on the page. */
  id: string;
  title: string;
  text: string;
  code: string;
  /** The snippet's language, shown above it. */
  language: "bash" | "js" | "env" | "json";
  /** Needs parts not built yet: shown as coming soon, without its snippet, and not tested. */
  comingSoon?: true;
};

/** A group's closing notes: rules that hold for all its functions, and a link. */
export type DocsNotes = {
  id: string;
  title: string;
  points: string[];
  link?: { label: string; href: string };
};

export type DocsGroup = {
  id: string;
  title: string;
  text: string;
  functions: DocsFunction[];
  notes?: DocsNotes;
};

/** The address of the database API's OpenAPI document on a server (platform/openapi.ts). */
export const OPENAPI_DOCUMENT_PATH = "/api/openapi.json";

/**
 * The Test Mode guide's functions, with `server` (this server's address) in the commands. The
 * e2e tests run every snippet that is not coming soon (e2e/docs.spec.ts, e2e/cli.spec.ts).
 */
export const docsGroups = (server: string): DocsGroup[] => [
  {
    id: "install",
    title: "Install and start",
    text: "You need Node.js 20 or later, the app key from your project's settings page, and Hybridge Dev, the dev app, on your Android phone (Get the dev app, above).",
    functions: [
      {
        id: "create-project",
        title: "Create the project",
        text: "Creates a React project linked to your app, with the command line from this server. Replace YOUR_APP_KEY with the app key shown on your project's settings page (which shows the whole command).",
        language: "bash",
        code: createAppCommand(server, "YOUR_APP_KEY"),
      },
      {
        id: "start-project",
        title: "Start the project",
        text: "Installs the project, then starts the development server and prints a QR code. Scan it with your Android phone's camera, the phone on the same network as your computer: the link opens your app in the Hybridge dev app, or offers to install it. There is no key to set first: your app calls with its app key, in .env, and its users' sign-in, in the dev app as once published.",
        language: "bash",
        code: "cd my-app\nnpm install\nnpm run dev",
      },
      {
        id: "deploy-project",
        title: "Deploy the web app",
        text: "Builds the project and uploads it as your app's web app: the next build puts it in the app. Create a deploy token in the Web app section of your project's page and set it in .env as HYBRIDGE_DEPLOY_TOKEN first.",
        language: "bash",
        code: "npm run deploy",
      },
    ],
    notes: {
      id: "test-mode-key",
      title: "The Test Mode key",
      points: [
        "Your project's settings page shows its Test Mode key: a development credential that bypasses the access rules and reads and writes every document of the project. Your app never needs it, in the dev app or live.",
        "Use it for your own scripts and calls to the data API while you develop (Authorization: Bearer followed by the key), never in an app's code: npm run deploy refuses a build that holds it.",
        "If the key leaks, generate a new one on the settings page: the old one stops working at once. When your app goes live, switch it off there.",
      ],
    },
  },
  {
    id: "navigation",
    title: "Navigation",
    text: "Move between screens. Pages are the routes of your React app; views will be native screens provided by modules. The same calls work in a browser and in the app.",
    functions: [
      {
        id: "nav-back",
        title: "Back",
        text: "Returns to the previous screen. In the app it is the phone's back gesture: on the first screen it closes the app. In a browser it is the browser's back button: on the first screen it does nothing.",
        language: "js",
        code: "nav.back();",
      },
      {
        id: "nav-open-view",
        title: "Open a view",
        text: "Will open a native view by the name its module gives it, for example the map view of a maps module. No native view ships yet: until they do, the call throws an error that says so (NOT_AVAILABLE), in the app and in a browser.",
        language: "js",
        comingSoon: true,
        code: 'nav.openView("map");',
      },
      {
        id: "nav-open-page",
        title: "Open a page",
        text: "Opens a page of your app on top of the current one: a new history entry that your router shows and that back returns from, the same in a browser and in the app. Pages of other sites are refused; use a link for those. For an app made of several HTML pages, nav.openPage(path, {}, { reload: true }) loads the page as a new document.",
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
        id: "db-update",
        title: "Update a document",
        text: "Changes some top-level fields and returns the document as written; its other fields are kept. An object replaces the stored one whole, and a field set to null stays null. Fails with NOT_FOUND when there is no such document: it is not created.",
        language: "js",
        code: 'const order = await db.update("orders", id, { status: "paid" });\n// order.version: one more than before the write',
      },
      {
        id: "db-set",
        title: "Replace a document",
        text: "Replaces all the fields of a document with new ones, keeping its id and createdAt. Fails with NOT_FOUND when there is no such document.",
        language: "js",
        code: 'await db.set("orders", id, { item: "Latte", quantity: 1 });',
      },
      {
        id: "db-increment",
        title: "Increment a number",
        text: "Adds to the stored number on the server, so phones adding at the same time never lose each other's: 50 increments of 1 add exactly 50. A missing field counts as 0; a negative number subtracts.",
        language: "js",
        code: 'await db.update("orders", id, { quantity: db.increment(1) });',
      },
      {
        id: "db-array-union-remove",
        title: "Add to or remove from a list",
        text: "arrayUnion appends the values the stored list lacks, each once; arrayRemove removes every element equal to one of the values. Both are applied on the server, so concurrent writers keep each other's values.",
        language: "js",
        code: 'await db.update("orders", id, { extras: db.arrayUnion("oat milk", "syrup") });\nawait db.update("orders", id, { extras: db.arrayRemove("syrup") });',
      },
      {
        id: "db-delete-field",
        title: "Remove a field",
        text: "Removes one field from the document; the others are kept.",
        language: "js",
        code: 'await db.update("orders", id, { note: db.deleteField() });',
      },
      {
        id: "db-if-version",
        title: "Write only if nobody else did",
        text: "Every document has a version: 1 when added, one more per write. Pass the version you read as ifVersion to update, set or delete: if someone wrote the document since, the call fails with CONFLICT (status 409) and changes nothing.",
        language: "js",
        code: 'const order = await db.getDoc("orders", id);\ntry {\n  await db.update("orders", id, { status: "paid" }, { ifVersion: order.version });\n} catch (error) {\n  if (error.code !== "CONFLICT") throw error;\n  alert("This order was just changed. Check it and try again.");\n}',
      },
      {
        id: "db-delete",
        title: "Delete a document",
        text: "Deletes one document by its id. A file added with it is deleted too.",
        language: "js",
        code: 'await db.delete("orders", id);',
      },
      {
        id: "db-watch",
        title: "Watch a collection",
        text: "Calls back with each document added to, modified in or deleted from the collection from now on, from this phone or any other, in the order they were written. Returns the function that stops watching. A dropped connection resumes by itself with the changes it missed; after a long disconnection the collection comes again as reset: replace what you hold. To follow only some documents, watch a query.",
        language: "js",
        code: 'const orders = new Map();\nconst stop = db.watch("orders", (change) => {\n  if (change.type === "deleted") {\n    orders.delete(change.id);\n  } else if (change.type === "reset") {\n    orders.clear();\n    for (const order of change.documents) orders.set(order.id, order);\n  } else {\n    orders.set(change.document.id, change.document); // added or modified\n  }\n});\n// When the screen closes: stop();',
      },
    ],
  },
  {
    id: "queries",
    title: "Queries",
    text: "Find documents by their fields, sorted and paged, count them, and follow them live. A query is built step by step and sent by get(), page(), count() or watch().",
    functions: [
      {
        id: "db-query",
        title: "Query documents",
        text: 'where keeps the documents whose field compares with a value (==, !=, <, <=, >, >=, in, not-in, array-contains, array-contains-any); several where must all hold. orderBy sorts (asc or desc; a second one breaks ties), limit caps the answer (100 by default, 500 at most). Fields may be paths such as "address.city".',
        language: "js",
        code: 'const open = await db\n  .query("orders")\n  .where("status", "==", "open")\n  .where("total", ">=", 10)\n  .orderBy("total", "desc")\n  .limit(20)\n  .get();',
      },
      {
        id: "db-query-page",
        title: "Page through a query",
        text: "page() returns the documents and next, the cursor of the following page (null on the last one). after(next) continues just after the page: no document is repeated or skipped while others are added or deleted.",
        language: "js",
        code: 'const byItem = db.query("orders").orderBy("item").limit(20);\nconst first = await byItem.page();\n// first.docs: the documents; first.next: null on the last page\nconst second = first.next ? await byItem.after(first.next).page() : null;',
      },
      {
        id: "db-count",
        title: "Count documents",
        text: "Counts the documents the query's where keeps, without reading them.",
        language: "js",
        code: 'const openOrders = await db.query("orders").where("status", "==", "open").count();',
      },
      {
        id: "db-query-watch",
        title: "Watch a query",
        text: "Calls back first with the query's results, then with each document added to, modified in or removed from them, from this phone or any other. A document written so that it no longer matches is removed. Returns the function that stops watching. After a long disconnection the results come again: replace what you hold.",
        language: "js",
        code: 'const open = new Map();\nconst stop = db\n  .query("orders")\n  .where("status", "==", "open")\n  .watch((change) => {\n    if (change.type === "results") {\n      open.clear();\n      for (const order of change.documents) open.set(order.id, order);\n    } else if (change.type === "removed") {\n      open.delete(change.id);\n    } else {\n      open.set(change.document.id, change.document); // added or modified\n    }\n  });\n// When the screen closes: stop();',
      },
    ],
    notes: {
      id: "query-semantics",
      title: "Query semantics",
      points: [
        'Values compare only with values of their own JSON type: numbers by value, strings by Unicode code point ("Z" before "a"), false before true; null equals only null. <, <=, > and >= take a number, a string or a boolean.',
        'A document without the field never matches a condition, whatever the operator: != and not-in exclude documents that lack the field (a field set to null has it, and matches != "paid").',
        'A path reads inside objects, never into lists: "address.city". id, createdAt and updatedAt are the server\'s fields; createdAt and updatedAt compare with ISO 8601 dates.',
        "Sort order, ascending: missing, null, false, true, numbers, strings, lists, objects; desc is the exact reverse. Ties are broken by id. Without orderBy, newest first.",
        "Limits: 20 where, 5 orderBy, 1 to 30 values for in, not-in and array-contains-any, limit 1 to 500. A cursor continues only the order it came from. A query that takes over 2 seconds is stopped with QUERY_TOO_SLOW, naming the fields an index would need.",
        "Over a large collection, declare that index in the console (a collection's Indexes, in the project's Database section): equality fields first, then the fields to sort by. A query with those equalities and that order is then read from it, and each index makes writes to the collection a little slower.",
        "A document whose sort values change between two pages may be met twice or not at all. A watch follows the where: order and limit shape its first results only.",
      ],
      link: { label: "The database API as OpenAPI", href: `${server}${OPENAPI_DOCUMENT_PATH}` },
    },
  },
  {
    id: "device",
    title: "Device",
    text: "Features of the phone. Each works in a browser too, with the browser's equivalent, so the same code runs in both.",
    functions: [
      {
        id: "device-gallery",
        title: "Open the gallery",
        text: "Lets the user pick photos and returns them as File objects, ready for db.addWithFile. In the app it opens the phone's gallery; in a browser, the file picker. An empty array means the user cancelled.",
        language: "js",
        code: "const photos = await device.openGallery({ multiple: true });",
      },
      {
        id: "device-info",
        title: "Know where the app runs",
        text: 'Says where the page runs. In the app: platform "android", the app\'s version (appVersion, appBuild), the native shell\'s (shellVersion, bridgeVersion) and Android\'s API level (androidSdk). In a browser: platform "web" and null for the rest.',
        language: "js",
        code: 'const info = await device.info();\nif (info.platform === "android") console.log("Version", info.appVersion);',
      },
      {
        id: "device-token",
        title: "Get the device token",
        text: "Will return the token that identifies this phone for push notifications, to store with the user and notify them later. It comes with push notifications.",
        language: "js",
        comingSoon: true,
        code: 'const token = await device.getDeviceToken();\nawait db.add("devices", { token });',
      },
      {
        id: "device-push",
        title: "Send a push notification",
        text: "Will send a notification to the phone a token belongs to. Push notifications are not available yet.",
        language: "js",
        comingSoon: true,
        code: 'await device.pushNotification({\n  token,\n  title: "Order ready",\n  body: "Your espresso is waiting at the counter.",\n});',
      },
    ],
  },
  {
    id: "users",
    title: "Users and sign-in",
    text: "Your app's users sign up and sign in with their e-mail and a password; they belong to this project only. Once someone is signed in, every db call carries their session, and reaches what your access rules allow them. The session is kept on the phone (the page's storage) and renewed by itself.",
    functions: [
      {
        id: "auth-sign-up",
        title: "Sign up",
        text: "Creates the user's account and signs them in. The password needs 8 to 128 characters; an e-mail already used in this app is refused with CONFLICT (sign in instead).",
        language: "js",
        code: 'const user = await auth.signUp({ email: "ana@example.com", password: "correct horse battery" });\n// user: { id, email, verified }',
      },
      {
        id: "auth-current-user",
        title: "Know who is signed in",
        text: "currentUser() answers at once, without a request: the user, or null. onChange calls back with the current user at once, then whenever someone signs in or out or the session ends; it returns the function that stops it.",
        language: "js",
        code: 'const user = auth.currentUser(); // { id, email, verified }, or null\nconst stop = auth.onChange((someone) => {\n  document.title = someone ? "Notes of " + someone.email : "Sign in";\n});',
      },
      {
        id: "auth-sign-out",
        title: "Sign out",
        text: "Ends the session on the server and forgets it on this phone (auth.logout() does the same). In a browser it removes the session from the page's storage; in the app it also clears everything the app keeps in its WebView (local storage, IndexedDB, cookies and cache). Send the user to your sign-in page afterwards.",
        language: "js",
        code: 'await auth.signOut();\nnav.openPage("/login");',
      },
      {
        id: "auth-sign-in",
        title: "Sign in",
        text: "A wrong e-mail and a wrong password are refused alike (UNAUTHENTICATED), and too many attempts are slowed down (RATE_LIMITED).",
        language: "js",
        code: 'const user = await auth.signIn({ email: "ana@example.com", password: "correct horse battery" });',
      },
      {
        id: "auth-password-reset",
        title: "Reset a forgotten password",
        text: "Mails the user a link, in your app's name, to choose a new password; it answers the same whether or not the e-mail has an account.",
        language: "js",
        code: 'await auth.sendPasswordReset("ana@example.com");',
      },
      {
        id: "auth-delete-account",
        title: "Delete the account",
        text: "Deletes the signed-in user's account after asking their password again, with the documents your rules say are theirs (where the delete rule reads doc.<field> == auth.id), and signs them out. The stores require apps to offer it.",
        language: "js",
        code: 'await auth.deleteAccount({ password: "correct horse battery" });',
      },
    ],
  },
  {
    id: "rules",
    title: "Access rules",
    text: "A live app reaches its data with its public app key and its user's session; the rules of each collection decide what they may list, get, create, update and delete. A collection without rules is closed to your app's users. Write them in hybridge.rules.json, next to your code, or in the console (your project's Database section), which also tests them as any of your users.",
    functions: [
      {
        id: "rules-file",
        title: "Write the rules",
        text: "Each collection has its five rules: true (everyone), false (nobody) or an expression. doc is the stored document, data the written one (after the change, on update), auth the signed-in user (null for nobody). These are a new project's: each user reaches their own notes only.",
        language: "json",
        code: '{\n  "notes": {\n    "list": "doc.owner == auth.id",\n    "get": "doc.owner == auth.id",\n    "create": "auth != null && data.owner == auth.id",\n    "update": "doc.owner == auth.id && data.owner == auth.id",\n    "delete": "doc.owner == auth.id"\n  }\n}',
      },
      {
        id: "rules-deploy",
        title: "Deploy the rules",
        text: "Checks hybridge.rules.json and replaces your project's rules with it, with the deploy token from .env; each error is told with its line and position, and nothing changes. A collection the file leaves out loses its rules.",
        language: "bash",
        code: "npm run rules",
      },
    ],
    notes: {
      id: "rules-semantics",
      title: "Rules and going live",
      points: [
        'Operators: ==, !=, <, <=, >, >= (numbers, strings or true/false), in (x in ["a", "b"]), contains (doc.members contains auth.id), combined with &&, || and !. auth.id, auth.email and auth.verified describe the user; auth != null means signed in.',
        "A comparison with a missing field, or with auth.id when nobody is signed in, is false. Rules compare a document's field with a value, data or auth, never with another of its fields.",
        "A list or a query returns only the documents the list rule allows, live watches included. A get, update or delete of a document the get rule hides answers NOT_FOUND; a refused create, update or delete of a visible document answers FORBIDDEN.",
        "Going live: 1. deploy your rules (npm run rules) and try them in the console's tester; 2. switch the Test Mode key off on your project's settings page (it bypasses every rule); 3. deploy the app (npm run deploy refuses a build that holds the Test Mode key); 4. build and publish it.",
      ],
    },
  },
  {
    id: "updates",
    title: "Over-the-air updates",
    text: "npm run deploy publishes your web app to the installed apps as well: every deploy makes an update on the production channel (npx hybridge deploy --channel beta on another), which apps built since over-the-air updates exist download in the background and apply at their next start. A build follows the channel chosen in your project page's Updates section when it was made (production unless you change it; its card says which). The Updates section also creates channels, lists the updates with their counts, rolls them out further, pauses them, rolls them back and deletes the ones no install needs; the Web app section's upload can send a bundle as an update too.",
    functions: [
      {
        id: "updates-current",
        title: "Know which bundle runs, and apply a waiting update now",
        text: "updates.current() tells which update runs (id, null for the bundle built into the app), the build's channel and runtime version, and pending: an update downloaded and waiting for the next start (\"embedded\" when the channel went back to the built-in bundle). updates.reload() applies it now and reloads the app's start page; the page's storage stays. In a browser everything is null and reload() reloads the page.",
        language: "js",
        code: 'const { id, pending } = await updates.current();\nif (pending) {\n  // Apply it now instead of at the next start, for example after a "Restart" tap.\n  await updates.reload();\n}',
      },
    ],
    notes: {
      id: "updates-ready",
      title: "Ready, or rolled back",
      points: [
        'A new update must say it is ready within 10 seconds of its first start, or the app goes back to the bundle it ran before and reports the failure. @hybridge/app says it by itself once the page has loaded: an app whose pages load the SDK\'s main entry (import … from "@hybridge/app") has nothing to do; an app that never loads it has every update rolled back.',
        "A download that breaks off, a bundle whose hash or signature does not match: thrown away, and the app keeps the bundle it runs. An update is offered only to builds of the same runtime version.",
        "In a browser (npm run dev, or your deployed site) there are no updates: the page runs the files it was served, and updates.current() answers all null.",
        "Try an update before your users do: Preview, on each update of the Updates section, shows its QR code and link. Scanned with an Android phone, Hybridge Dev downloads the update, checks its signature and runs it on its own, whether it is live, paused or rolled back; your users' apps are not changed and the preview is not counted as an install.",
      ],
    },
  },
];
