import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cohortSlot, inCohort, sha256 } from "./rollout";

const installId = fc.stringMatching(/^[A-Za-z0-9-]{8,64}$/);
const updateId = fc.uuid();
const percent = fc.integer({ min: 0, max: 100 });

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

describe("sha256", () => {
  it("gives SHA-256's known digests (node:crypto's, compared at length in the server's test)", () => {
    expect(hex(sha256(new Uint8Array()))).toBe(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
    expect(hex(sha256(new Uint8Array([0x61, 0x62, 0x63])))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});

describe("inCohort", () => {
  it("is the contract's formula: first 4 bytes of SHA-256(installId:updateId) mod 10000 < percent × 100", () => {
    // Slots computed with node:crypto.
    const known: [string, string, number][] = [
      ["install-0001", "1b4e28ba-2fa1-11d2-883f-0016d3cca427", 4348],
      ["abcdefgh", "00000000-0000-0000-0000-000000000000", 6736],
      ["phone-zz-42", "f47ac10b-58cc-4372-a567-0e02b2c3d479", 2276],
    ];
    for (const [install, update, slot] of known) {
      expect(cohortSlot(install, update)).toBe(slot);
      expect(inCohort(install, update, slot / 100)).toBe(false);
      expect(inCohort(install, update, (slot + 1) / 100)).toBe(true);
    }
    fc.assert(
      fc.property(installId, updateId, percent, (install, update, p) => {
        expect(inCohort(install, update, p)).toBe(cohortSlot(install, update) < p * 100);
      }),
    );
  });

  it("is sticky: an install in at some percentage is in at every larger one", () => {
    fc.assert(
      fc.property(installId, updateId, percent, percent, (install, update, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        if (inCohort(install, update, low)) expect(inCohort(install, update, high)).toBe(true);
      }),
    );
  });

  it("takes everyone at 100 % and no one at 0 %", () => {
    fc.assert(
      fc.property(installId, updateId, (install, update) => {
        expect(inCohort(install, update, 100)).toBe(true);
        expect(inCohort(install, update, 0)).toBe(false);
      }),
    );
  });
});
