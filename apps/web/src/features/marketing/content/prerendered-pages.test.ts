import { localeOf } from "@hybridge/shared/marketing/locale";
import { describe, expect, it } from "vitest";
import { prerenderedPages } from "./prerendered-pages";

describe("prerenderedPages", () => {
  it("gives each page the language its layout speaks (localeOf)", () => {
    for (const { path, meta } of prerenderedPages) {
      expect(localeOf(path), path).toBe(meta.lang);
    }
  });

  it("lists each page among its own language alternates, in its own language", () => {
    for (const { path, meta } of prerenderedPages) {
      if (!meta.alternates) continue;
      expect(meta.alternates, path).toContainEqual({ lang: meta.lang, path });
      for (const alternate of meta.alternates) {
        if (alternate.lang === "x-default") continue;
        const target = prerenderedPages.find((page) => page.path === alternate.path);
        expect(target?.meta.lang, alternate.path).toBe(alternate.lang);
        expect(target?.meta.alternates, alternate.path).toEqual(meta.alternates);
      }
    }
  });
});
