import type { FormPart } from "../multipart";
import type { Seed } from "./seed";

/** A request in parts; the test builds the URL, headers and body from them. */
export type RequestParts = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body. */
  body?: Record<string, unknown>;
  /** A raw body (the agents' uploads), sent with its content type. */
  raw?: { contentType: string; payload: Buffer };
  /** A multipart/form-data body: text fields first, then the files. */
  form?: { fields: Record<string, string>; files?: FormPart[] };
  headers?: Record<string, string>;
};

/**
 * Whose record a request names, for the ownership test: `owner` — the owner's private record
 * (anyone else gets 404); `author` — a public record that only its author (or an admin) may
 * delete (anyone else gets 403, decision 010); `public` — a record anyone may name; `none` —
 * no one's record.
 */
export type Access = "owner" | "author" | "public" | "none";

export type RouteFixture = {
  access: Access;
  /** A valid request from the seed's owner; called once per case, so values stay unique. */
  request: (seed: Seed) => RequestParts;
  /**
   * What the valid request answers the owner (any 2xx when absent), or `skip`: it must never
   * go through (it would end the session the other cases use, or stream forever), so only the
   * cases that must be refused are sent.
   */
  valid?: number | "skip";
  /** The fields that are multi-line text (they keep tabs and line breaks). */
  multiLine?: readonly string[];
  /** Files the form must refuse (400) whatever else it holds, each with what it is. */
  refusedFiles?: (seed: Seed) => { label: string; files: FormPart[] }[];
};

/** A feature's fixtures, keyed `METHOD url` as registered; `*` for every method of an `all` route. */
export type RouteFixtures = Record<string, RouteFixture>;
