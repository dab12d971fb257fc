import { createHash } from "node:crypto";
import { cohortSlot, sha256 } from "@hybridge/shared/updates/rollout";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

/** The shared, dependency-free SHA-256 and cohort slot against node:crypto's. */
describe("the shared rollout's hashing", () => {
  it("is node:crypto's SHA-256, whatever the text (UTF-8)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        const expected = createHash("sha256").update(text, "utf8").digest("hex");
        expect(Buffer.from(sha256(Buffer.from(text, "utf8"))).toString("hex")).toBe(expected);
      }),
    );
  });

  it("takes the slot from the first 4 bytes, big-endian, mod 10000", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9-]{8,64}$/), fc.uuid(), (install, update) => {
        const digest = createHash("sha256").update(`${install}:${update}`).digest();
        expect(cohortSlot(install, update)).toBe(digest.readUInt32BE(0) % 10000);
      }),
    );
  });
});
