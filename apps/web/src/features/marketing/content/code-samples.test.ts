import { docsGroups } from "@hybridge/shared/marketing/docs-guide";
import { describe, expect, it } from "vitest";
import { assistantContent } from "./en/assistant";
import { solution } from "./en/landing";

/** The SDK calls a piece of code makes: `nav.openPage`, `db.add`, … */
const callsIn = (code: string) =>
  [...code.matchAll(/\b(nav|db|device|auth)\.(\w+)\(/g)].map(
    ([, group, name]) => `${group}.${name}`,
  );

const functions = docsGroups("http://localhost").flatMap((group) => group.functions);
/** What /docs shows working: the calls of its snippets that are not coming soon (e2e runs them). */
const working = new Set(functions.filter((fn) => !fn.comingSoon).flatMap((fn) => callsIn(fn.code)));
const comingSoon = functions.filter((fn) => fn.comingSoon).flatMap((fn) => callsIn(fn.code));

describe("the marketing pages' code samples", () => {
  const samples = [
    { where: "the landing page's bridge", code: solution.bridge.code },
    ...assistantContent.messages.flatMap((message) =>
      "code" in message ? [{ where: `the assistant: ${message.text}`, code: message.code }] : [],
    ),
  ];

  it("call only what /docs shows working, never a coming-soon function", () => {
    expect(comingSoon).toContain("nav.openView");
    for (const { where, code } of samples) {
      const calls = callsIn(code);
      expect(calls.length, where).toBeGreaterThan(0);
      for (const call of calls) expect(working.has(call), `${where}: ${call}`).toBe(true);
    }
  });
});
