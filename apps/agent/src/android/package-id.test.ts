import { describe, expect, it } from "vitest";
import { packageIdFromAppCode } from "./package-id";

// Java's reserved words and literals: none may be a segment of a package name.
const JAVA_RESERVED = new Set(
  `abstract assert boolean break byte case catch char class const continue default do double else
  enum extends final finally float for goto if implements import instanceof int interface long
  native new package private protected public return short static strictfp super switch
  synchronized this throw throws transient try void volatile while true false null _ var record
  yield sealed permits`.split(/\s+/),
);

/** What Android (PackageParser), Java and Google Play all take. */
function isValidPackageName(id: string): boolean {
  const segments = id.split(".");
  return (
    id.length <= 150 &&
    segments.length >= 2 &&
    segments.every((segment) => /^[a-z][a-z0-9_]*$/.test(segment) && !JAVA_RESERVED.has(segment))
  );
}

/** App codes as users type them: up to 90 characters of anything but spaces. */
function randomCodes(count: number, seed: number): string[] {
  const pieces = [
    ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    ..."._-!@#$%^&*()+=[]{}|\\/:;\"'<>,?~`",
    ..."éÉàçñøßÆœİıﬁ",
    "ア",
    "漢",
    "🙂",
    "\u0301",
    "\u200d",
    "class",
    "int",
    "_",
    "null",
  ];
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  return Array.from({ length: count }, () => {
    let code = "";
    const length = 1 + (next() % 90);
    while ([...code].length < length) code += pieces[next() % pieces.length];
    return [...code].slice(0, 90).join("");
  });
}

describe("packageIdFromAppCode", () => {
  it("gives a valid package name for any app code, the same every time", () => {
    const codes = [
      ...randomCodes(3000, 7),
      "class",
      "_",
      "1",
      "9lives",
      "🙂",
      "..",
      "a".repeat(90),
    ];
    for (const code of codes) {
      const id = packageIdFromAppCode(code);
      expect(isValidPackageName(id), `${JSON.stringify(code)} → ${id}`).toBe(true);
      expect(packageIdFromAppCode(code)).toBe(id);
    }
  });

  it("keeps distinct app codes apart, even when they read the same", () => {
    const codes = [...new Set(randomCodes(3000, 11))];
    const ids = new Set(codes.map(packageIdFromAppCode));
    expect(ids.size).toBe(codes.length);
    expect(packageIdFromAppCode("Shop")).not.toBe(packageIdFromAppCode("shop"));
    expect(packageIdFromAppCode("shop!")).not.toBe(packageIdFromAppCode("shop?"));
  });

  it("keeps the app code readable in the id", () => {
    expect(packageIdFromAppCode("MyShop")).toMatch(/^dev\.hybridge\.app\.myshop_[0-9a-f]{10}$/);
    expect(packageIdFromAppCode("Café-Élan.2024")).toMatch(
      /^dev\.hybridge\.app\.cafe_elan_2024_[0-9a-f]{10}$/,
    );
    expect(packageIdFromAppCode("2024shop")).toMatch(
      /^dev\.hybridge\.app\.app_2024shop_[0-9a-f]{10}$/,
    );
    expect(packageIdFromAppCode("漢字")).toMatch(/^dev\.hybridge\.app\.app_[0-9a-f]{10}$/);
    expect(packageIdFromAppCode("class")).toMatch(/^dev\.hybridge\.app\.class_[0-9a-f]{10}$/);
  });
});
