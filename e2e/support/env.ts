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
