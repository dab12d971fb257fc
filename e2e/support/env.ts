import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the production server listens, e.g. http://localhost:41234 (no trailing slash). */
    baseUrl: string;
    /** The server's DATA_DIR: PGlite data, mail outbox (mail/*.eml), stored files. */
    dataDir: string;
  }
}

export const baseUrl = (): string => inject("baseUrl");
export const dataDir = (): string => inject("dataDir");

/** An absolute URL on the server under test. */
export const url = (path: string): string => `${baseUrl()}${path}`;

/** The browsers of support/browser.ts resolve this name to the server's own address. */
export const INSECURE_HOST = "hybridge.test";

/**
 * The server under test at a plain-http address other than localhost, as a phone or another
 * computer on the network reaches it: not a secure context, so no Clipboard API.
 */
export const insecureUrl = (path: string): string => {
  const address = new URL(baseUrl());
  address.hostname = INSECURE_HOST;
  return `${address.origin}${path}`;
};
