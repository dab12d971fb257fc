import { describe, expect, it } from "vitest";
import { AuthTexts } from "../auth/texts";
import { BuildsTexts } from "../builds/texts";
import { CommunityTexts } from "../community/texts";
import { FeedbackTexts } from "../feedback/texts";
import { FilesTexts } from "../files/texts";
import { MarketingTexts } from "../marketing/texts";
import { ProjectsTexts } from "../projects/texts";
import { StoreTexts } from "../store/texts";
import { TestConsoleTexts } from "../test-console/texts";
import { CopyTexts, GenericTexts } from "./texts";

/** Every text a catalogue can show, its functions called with sample arguments. */
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

describe("the English screens' catalogues (decision 019)", () => {
  const catalogues = {
    AuthTexts,
    BuildsTexts,
    CommunityTexts,
    CopyTexts,
    FeedbackTexts,
    FilesTexts,
    GenericTexts,
    MarketingTexts,
    ProjectsTexts,
    StoreTexts,
    TestConsoleTexts,
  };

  it.each(Object.entries(catalogues))("%s speaks English only", (_name, catalogue) => {
    const texts = textsOf(catalogue);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((text) => FRENCH.test(text))).toEqual([]);
  });

  it("corrects the spec's typos and translates its French texts", () => {
    expect(AuthTexts.changeNotConnected).toBe("You are not connected.");
    expect(AuthTexts.passwordsDiffer).toBe("Passwords do not match.");
    expect(CommunityTexts.betaFailed("Server down")).toBe("Error: Server down");
    expect(ProjectsTexts.settingsNotFound).toBe("This project's information could not be found.");
    expect(CopyTexts.copyFailed).toBe("Could not copy the text.");
    expect(textsOf(catalogues).filter((text) => /\bYour are\b/.test(text))).toEqual([]);
  });
});
