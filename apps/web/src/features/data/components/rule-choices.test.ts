import { RULE_TEMPLATES } from "@hybridge/shared/rules/schemas";
import { RulesConsoleTexts as R } from "@hybridge/shared/rules/texts";
import { describe, expect, it } from "vitest";
import { choiceOf, editedRules, rulesSummary, sourcesOf, templateOf } from "./rule-choices";

describe("the rules editor's choices", () => {
  it("reads a stored rule as its choice, and writes each choice as the source it stands for", () => {
    expect(choiceOf("false")).toBe("nobody");
    expect(choiceOf(" true ")).toBe("everyone");
    expect(choiceOf("auth  !=  null")).toBe("signedIn");
    expect(choiceOf("auth != null && auth.verified")).toBe("custom");
    const rules = editedRules({ ...RULE_TEMPLATES.publicReadOwnerWrite, list: "auth != null" });
    expect(rules.list).toEqual({ choice: "signedIn", custom: "auth != null" });
    expect(rules.get).toEqual({ choice: "everyone", custom: "true" });
    expect(sourcesOf(rules)).toEqual({
      ...RULE_TEMPLATES.publicReadOwnerWrite,
      list: "auth != null",
    });
    // No rules stored: Nobody everywhere, what no rules mean.
    expect(sourcesOf(editedRules(null))).toEqual(RULE_TEMPLATES.nobody);
  });

  it("sums rules up by template, by one choice for all, or action by action", () => {
    expect(templateOf(RULE_TEMPLATES.adminOnly)).toBe("adminOnly");
    expect(rulesSummary(RULE_TEMPLATES.privatePerUser)).toBe(
      R.summary(R.summaryTemplate.privatePerUser),
    );
    const signedIn = "auth != null";
    expect(
      rulesSummary({
        list: signedIn,
        get: signedIn,
        create: signedIn,
        update: signedIn,
        delete: signedIn,
      }),
    ).toBe("Rules: signed-in users for every action");
    expect(
      rulesSummary({ ...RULE_TEMPLATES.nobody, list: "true", create: "data.price >= 0" }),
    ).toBe(
      "Rules: list everyone · get nobody · create custom expression · update nobody · delete nobody",
    );
  });
});
