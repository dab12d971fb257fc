/// <reference types="vite/client" />
// Vite's import.meta.glob finds the files: the shared package is checked without Node's types.
import { describe, expect, it } from "vitest";
import { AuthTexts } from "../auth/texts";
import { CommunityTexts } from "../community/texts";
import type { Locale } from "../marketing/locale";
import { ProjectsTexts } from "../projects/texts";
import { CopyTexts } from "./texts";

/** The catalogues: each feature's `texts.ts`, and a `*-texts.ts` beside it (marketing/site-texts.ts). */
const catalogueModules: Record<string, Record<string, unknown>> = import.meta.glob(
  ["../*/texts.ts", "../*/*-texts.ts"],
  { eager: true },
);

/**
 * Every other source file of the apps and packages, as text: tests aside, and the marketing
 * pages' content (their prose and pricing, in shared marketing/), which is content, not texts.
 */
const otherSources: Record<string, string> = import.meta.glob(
  [
    "../../../../apps/*/src/**/*.{ts,tsx}",
    "../../../*/src/**/*.{ts,tsx}",
    "!**/*.{test,spec,bench}.{ts,tsx}",
    "!**/{texts,*-texts}.ts",
    "!../marketing/**",
  ],
  { eager: true, query: "?raw", import: "default" },
);

/** Every text a value can show, its functions called with sample arguments. */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  // A one-item list reads as a string where a text wants one, and joins where it wants a list;
  // a text that reworks its argument (lower-cases it) gets a string.
  if (typeof value === "function") {
    try {
      return textsOf(value(["png"], ["png"]));
    } catch {
      return textsOf(value("png", "png"));
    }
  }
  if (value && typeof value === "object") return Object.values(value).flatMap(textsOf);
  return [];
}

// Words of the spec's stray French texts, and French words no English text would use.
const FRENCH = /\b(les|des|une|est|pas|ce|cette|erreur|impossible|introuvables?|veuillez)\b/i;
// English words no French text would use.
const ENGLISH = /\b(the|and|your|you|with|this|is|are|of)\b/i;
const WRONG_WORDS: Record<Locale, RegExp> = { en: FRENCH, fr: ENGLISH };
const LOCALES = Object.keys(WRONG_WORDS) as Locale[];

/**
 * The texts of `value` that are not in `locale`. Every screen is English but the French pages
 * (decision 019), whose words come keyed by locale (`SiteTexts.en`, `SiteTexts.fr`); a text
 * that names its own language (`{ label, lang }`, the link to the other language's page) is
 * checked in that language.
 */
function wrongLanguage(value: unknown, locale: Locale = "en"): string[] {
  if (typeof value !== "object" || value === null) {
    return textsOf(value).filter((text) => WRONG_WORDS[locale].test(text));
  }
  const keys = Object.keys(value);
  if (keys.length === LOCALES.length && LOCALES.every((key) => keys.includes(key))) {
    return LOCALES.flatMap((key) => wrongLanguage(value[key as keyof typeof value], key));
  }
  const own = (value as { lang?: unknown }).lang;
  const language = LOCALES.includes(own as Locale) ? (own as Locale) : locale;
  return Object.values(value).flatMap((inner) => wrongLanguage(inner, language));
}

/** A catalogue's file from packages/shared/src (the glob names common's own as ./texts.ts). */
const sharedPath = (file: string) => file.replace(/^\.\//, "common/").replace(/^\.\.\//, "");
/** Every export of every catalogue that holds a text, found rather than listed. */
const catalogues = Object.entries(catalogueModules).flatMap(([file, exported]) =>
  Object.entries(exported)
    .filter(([, value]) => textsOf(value).length > 0)
    .map(([name, value]): [string, unknown] => [`${sharedPath(file)} ${name}`, value]),
);

describe("the catalogues (decision 019)", () => {
  it("are found in every feature's texts.ts", () => {
    const files = Object.keys(catalogueModules).map(sharedPath);
    expect(files).toEqual(expect.arrayContaining(["common/texts.ts", "marketing/site-texts.ts"]));
    expect(files.length).toBeGreaterThanOrEqual(14);
    for (const file of files) {
      expect(
        catalogues.some(([name]) => name.startsWith(`${file} `)),
        file,
      ).toBe(true);
    }
  });

  it.each(catalogues)("%s speaks the language of its screen", (_name, catalogue) => {
    expect(wrongLanguage(catalogue)).toEqual([]);
  });

  it("would find a text in the wrong language", () => {
    expect(wrongLanguage({ copyFailed: "Impossible de copier le texte." })).toHaveLength(1);
    expect(wrongLanguage({ failed: (message: string) => `Erreur : ${message}` })).toHaveLength(1);
    expect(
      wrongLanguage({ en: { accept: "Accept" }, fr: { accept: "Accept the cookies" } }),
    ).toEqual(["Accept the cookies"]);
    expect(
      wrongLanguage({ fr: { other: { label: "English version", lang: "en" } }, en: {} }),
    ).toEqual([]);
  });

  it("are the only home of texts: no …Texts or …_LABELS is exported elsewhere", () => {
    expect(Object.keys(otherSources).length).toBeGreaterThan(100);
    const strays = Object.entries(otherSources).flatMap(([file, source]) =>
      [...source.matchAll(/export const (\w+Texts|[A-Z_]+_LABELS)\b/g)].map(
        (match) => `${file}: ${match[1]}`,
      ),
    );
    expect(strays).toEqual([]);
  });

  it("correct the spec's typos and translate its French texts", () => {
    expect(AuthTexts.changeNotConnected).toBe("You are not connected.");
    expect(AuthTexts.passwordsDiffer).toBe("Passwords do not match.");
    expect(CommunityTexts.betaFailed("Server down")).toBe("Error: Server down");
    expect(ProjectsTexts.settingsNotFound).toBe("This project's information could not be found.");
    expect(CopyTexts.copyFailed).toBe("Could not copy the text.");
    expect(textsOf(catalogues).filter((text) => /\bYour are\b/.test(text))).toEqual([]);
  });
});
