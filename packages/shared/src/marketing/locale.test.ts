import { describe, expect, it } from "vitest";
import { paths } from "../common/paths";
import { localeOf } from "./locale";
import { SiteTexts } from "./site-texts";

describe("localeOf", () => {
  it("reads /fr and /privacy as French, every other page as English", () => {
    expect(localeOf(paths.landingFr)).toBe("fr");
    expect(localeOf(`${paths.landingFr}/`)).toBe("fr");
    expect(localeOf(paths.privacy)).toBe("fr");
    for (const path of [paths.landing, paths.docs, paths.feedback, paths.beta, "/france"]) {
      expect(localeOf(path), path).toBe("en");
    }
  });
});

describe("SiteTexts", () => {
  it("words every piece of the layout in both languages", () => {
    const keys = (value: object): string[] =>
      Object.entries(value).flatMap(([key, inner]) =>
        typeof inner === "object" && inner !== null ? keys(inner).map((k) => `${key}.${k}`) : [key],
      );
    expect(keys(SiteTexts.fr).sort()).toEqual(keys(SiteTexts.en).sort());
  });

  it("points each language's switch at the other language's landing page", () => {
    expect(SiteTexts.en.footer.otherLanguage).toMatchObject({ to: paths.landingFr, lang: "fr" });
    expect(SiteTexts.fr.footer.otherLanguage).toMatchObject({ to: paths.landing, lang: "en" });
  });

  it("puts a no-break space before French double punctuation", () => {
    const values = (value: object): string[] =>
      Object.values(value).flatMap((inner) =>
        typeof inner === "object" && inner !== null ? values(inner) : [String(inner)],
      );
    for (const text of values(SiteTexts.fr)) {
      expect(text).not.toMatch(/[^\u00a0][?!:;]/);
    }
  });
});
