import { buffer } from "node:stream/consumers";
import {
  type Browser,
  type BrowserContext,
  type BrowserServer,
  chromium,
  type Download,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { baseUrl, INSECURE_HOST } from "./env";

const CHROMIUM_ARGS = [
  // A name that reaches the server without being localhost: a plain-http address that browsers
  // do not trust, like the LAN address the README starts with (see env.ts, insecureUrl).
  `--host-resolver-rules=MAP ${INSECURE_HOST} 127.0.0.1`,
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The key the cookie banner stores once accepted (docs/ui-contract.md, "Every page"). */
export const COOKIE_CONSENT_KEY = "hybridge.cookie-consent";

/** How long a single wait (locator, navigation) may take before the test fails. */
const ACTION_TIMEOUT_MS = 10_000;

const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
};

/** The system Chromium; `npx playwright install` is not available here. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_OPTIONS);
}

/**
 * One Chromium for the whole e2e run (support/global-setup.ts), which each spec file connects to
 * instead of launching its own: a launch and its first page cost one to two seconds of CI's two
 * cores, twenty times over (docs/decisions/053-ci-time.md). Every test still gets fresh contexts.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(CHROMIUM_OPTIONS);
}

/** The run's shared Chromium when global-setup started one, else a Chromium of this file's own. */
function openBrowser(): Promise<Browser> {
  const endpoint = inject("browserWsEndpoint");
  return endpoint ? chromium.connect(endpoint) : launchBrowser();
}

export type NewPageOptions = {
  /**
   * Start as a visitor who accepted cookies long ago, so that the banner never covers the page.
   * Default true; the cookie-banner tests turn it off.
   */
  cookiesAccepted?: boolean;
  /** The server the page's relative addresses go to: the shared e2e server unless given. */
  origin?: string;
  /** The browser's user agent (a phone's, say): Chromium's own unless given. */
  userAgent?: string;
};

export type BrowserPage = {
  context: BrowserContext;
  page: Page;
  /**
   * Declares browser errors this test provokes on purpose, e.g. Chromium's
   * "Failed to load resource: the server responded with a status of 401" after a wrong password.
   */
  allowErrors: (...patterns: RegExp[]) => void;
  /** Every console error and uncaught page error seen so far, allowed or not. */
  errors: () => readonly string[];
};

type Tracked = { context: BrowserContext; errors: string[]; allowed: RegExp[] };

/**
 * A connection per spec file to the run's Chromium (opened in beforeAll; closing it closes the
 * file's contexts) and a fresh context per page. After each test every context is closed, and the test fails on any console error or uncaught page error
 * it did not declare with `allowErrors`.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  let open: Tracked[] = [];

  beforeAll(async () => {
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async ({ task }) => {
    const tracked = open;
    open = [];
    if (task.result?.state === "fail") await describePages(tracked);
    await Promise.all(tracked.map((t) => t.context.close().catch(() => {})));
    const unexpected = tracked.flatMap((t) =>
      t.errors.filter((error) => !t.allowed.some((pattern) => pattern.test(error))),
    );
    if (unexpected.length > 0) {
      throw new Error(
        `Unexpected browser errors:\n${unexpected.map((e) => `  - ${e}`).join("\n")}`,
      );
    }
  });

  async function newPage(options: NewPageOptions = {}): Promise<BrowserPage> {
    if (!browser) throw new Error("useBrowser(): newPage() called outside a test");
    const origin = options.origin ?? baseUrl();
    const context = await browser.newContext({
      baseURL: origin,
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      storageState: {
        cookies: [],
        origins:
          (options.cookiesAccepted ?? true)
            ? [{ origin, localStorage: [{ name: COOKIE_CONSENT_KEY, value: "accepted" }] }]
            : [],
      },
    });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
    const tracked: Tracked = { context, errors: [], allowed: [] };
    open.push(tracked);
    context.on("console", (message) => {
      if (message.type() !== "error") return;
      const { url, lineNumber } = message.location();
      tracked.errors.push(
        `console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`,
      );
    });
    context.on("weberror", (webError) => {
      const error = webError.error();
      tracked.errors.push(`page error: ${error.stack ?? error.message}`);
    });
    const page = await context.newPage();
    return {
      context,
      page,
      allowErrors: (...patterns) => tracked.allowed.push(...patterns),
      errors: () => tracked.errors,
    };
  }

  return { newPage };
}

/** On failure, print where each page was and what it showed: enough to debug a CI run. */
async function describePages(tracked: Tracked[]) {
  for (const { context, errors } of tracked) {
    for (const page of context.pages()) {
      const snapshot = await page
        .locator("body")
        .ariaSnapshot({ timeout: 2_000 })
        .catch((error: Error) => `(no snapshot: ${error.message})`);
      console.error(
        [
          `Page at ${page.url()}:`,
          snapshot.length > 4_000 ? `${snapshot.slice(0, 4_000)}\n…` : snapshot,
          ...(errors.length > 0 ? ["Browser errors:", ...errors] : []),
        ].join("\n"),
      );
    }
  }
}

/**
 * A finished download's bytes. Read through Playwright's stream, not `download.path()`: the
 * pages' Chromium is the run's shared one, reached over a connection, where Playwright gives no
 * local path.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  return buffer(await download.createReadStream());
}

/** Chromium's console line for a failed request, e.g. after a wrong password (401). */
export const failedResource = (status: number): RegExp =>
  new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b`);

/** What route.fulfill needs to answer as the API does when it fails: `{ code, message }`. */
export const apiError = (status: number, code: string, message: string) => ({
  status,
  contentType: "application/json",
  body: JSON.stringify({ code, message }),
});

/** Makes the context's pages refuse every way to copy: the Clipboard API and the copy command. */
export async function refuseCopying(context: BrowserContext) {
  await context.addInitScript(() => {
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")) },
    });
    document.execCommand = () => false;
  });
}
