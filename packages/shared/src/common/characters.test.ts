import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isAllowedText, printableFieldName } from "./characters";
import { multiLineText, singleLineText } from "./fields";
import { CharacterTexts } from "./texts";

describe("isAllowedText", () => {
  it("never allows control characters, DEL or a lone surrogate", () => {
    for (const bad of [
      "\u0000",
      "a\u0001b",
      "\u0008",
      "\u000B",
      "\u000C",
      "\u001B[31m",
      "\u001F",
      "\u007F",
      "\u0080",
      "\u0085",
      "\u009F",
      "\uD800",
      "x\uDBFFy",
      "\uDC00",
      "\uDE00\uD83D",
    ]) {
      expect(isAllowedText(bad, "multi-line"), JSON.stringify(bad)).toBe(false);
      expect(isAllowedText(bad, "single-line"), JSON.stringify(bad)).toBe(false);
    }
  });

  it("allows tabs and line breaks in multi-line text only", () => {
    for (const text of ["a\tb", "a\nb", "a\r\nb", "a\rb", "a\u2028b", "a\u2029b"]) {
      expect(isAllowedText(text, "multi-line"), JSON.stringify(text)).toBe(true);
      expect(isAllowedText(text, "single-line"), JSON.stringify(text)).toBe(false);
    }
  });

  it("allows every other character, pairs of surrogates and direction marks included", () => {
    for (const text of ["", "Café €", "😀", "مرحبا", "\u202Eevil", "\u00A0", "\uFFFD", "\u200B"]) {
      expect(isAllowedText(text, "single-line"), JSON.stringify(text)).toBe(true);
    }
  });
});

describe("printableFieldName", () => {
  it("escapes what may not be shown and cuts a long name", () => {
    expect(printableFieldName("na\u0000me")).toBe("na\\u0000me");
    expect(printableFieldName("a\uD800")).toBe("a\\uD800");
    expect(printableFieldName("😀")).toBe("😀");
    expect(printableFieldName("k".repeat(100))).toBe(`${"k".repeat(60)}…`);
  });
});

describe("singleLineText and multiLineText", () => {
  const Schema = z.object({
    name: singleLineText("Please enter a name.").trim().min(1, "Please enter a name."),
    about: z.object({ text: multiLineText().trim() }),
  });
  const issueOf = (value: unknown) => Schema.safeParse(value).error?.issues[0]?.message;

  it("refuse a tab or a line break in a single-line field, before any trim", () => {
    for (const name of ["Ada\n", "\tAda", "A\r\nda", "Ada\u2028"]) {
      expect(issueOf({ name, about: { text: "x" } }), JSON.stringify(name)).toBe(
        CharacterTexts.notAllowed("name"),
      );
    }
  });

  it("keep line breaks of a multi-line field as sent, and name a nested field", () => {
    expect(Schema.parse({ name: "Ada", about: { text: "one\r\ntwo\n\tthree" } })).toEqual({
      name: "Ada",
      about: { text: "one\r\ntwo\n\tthree" },
    });
    expect(issueOf({ name: "Ada", about: { text: "a\u0000b" } })).toBe(
      CharacterTexts.notAllowed("about.text"),
    );
  });

  it("keep the field's own texts for a missing or mistyped value", () => {
    expect(issueOf({ about: { text: "x" } })).toBe("Please enter a name.");
    expect(issueOf({ name: 3, about: { text: "x" } })).toBe("Please enter a name.");
  });
});
