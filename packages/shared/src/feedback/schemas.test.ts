import { describe, expect, it } from "vitest";
import {
  CommentInputSchema,
  canDeleteComment,
  displayNameOf,
  EvaluationInputSchema,
} from "./schemas";
import { FeedbackTexts } from "./texts";

describe("comments", () => {
  it("trims the text and refuses a blank one with the form's message", () => {
    expect(CommentInputSchema.parse({ text: "  hi \n" })).toEqual({ text: "hi" });
    const blank = CommentInputSchema.safeParse({ text: " \t\n " });
    expect(blank.error?.issues[0]?.message).toBe(FeedbackTexts.commentEmpty);
  });

  it("shows only the part of an e-mail before the @", () => {
    expect(displayNameOf("ada.lovelace@example.com")).toBe("ada.lovelace");
  });

  it("lets the author or an admin delete, nobody else", () => {
    expect(canDeleteComment({ id: "u1", isAdmin: false }, "u1")).toBe(true);
    expect(canDeleteComment({ id: "u2", isAdmin: false }, "u1")).toBe(false);
    expect(canDeleteComment({ id: "u2", isAdmin: true }, "u1")).toBe(true);
    expect(canDeleteComment(null, "u1")).toBe(false);
  });
});

describe("evaluations", () => {
  const valid = {
    docClarity: 1,
    apiIntuition: 5,
    backendSimplicity: 3,
    mainAdvantage: "a",
    mainWeakness: "b",
  };
  it("takes whole scores from 1 to 5 and both answers", () => {
    expect(EvaluationInputSchema.safeParse(valid).success).toBe(true);
    for (const bad of [{ docClarity: 0 }, { apiIntuition: 6 }, { backendSimplicity: 4.5 }]) {
      expect(EvaluationInputSchema.safeParse({ ...valid, ...bad }).error?.issues[0]?.message).toBe(
        FeedbackTexts.scoreOutOfRange,
      );
    }
    expect(
      EvaluationInputSchema.safeParse({ ...valid, mainWeakness: "  " }).error?.issues[0]?.message,
    ).toBe(FeedbackTexts.mainWeaknessRequired);
  });
});
