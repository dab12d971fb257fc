import { RULE_ACTIONS, type RuleAction } from "@hybridge/shared/rules/expression";
import { type CollectionRules, RULE_TEMPLATES } from "@hybridge/shared/rules/schemas";
import { RulesConsoleTexts } from "@hybridge/shared/rules/texts";

const T = RulesConsoleTexts;

/** The editor's choices for one rule: three fixed rules, or an expression of the owner's. */
export const RULE_CHOICES = ["nobody", "everyone", "signedIn", "custom"] as const;
export type RuleChoice = (typeof RULE_CHOICES)[number];
type FixedChoice = Exclude<RuleChoice, "custom">;

/** The source each fixed choice stands for (what is stored, and what the rules file holds). */
export const CHOICE_SOURCES: Record<FixedChoice, string> = {
  nobody: "false",
  everyone: "true",
  signedIn: "auth != null",
};

/** A rule in the editor: the choice, and the expression typed for Custom (kept across choices). */
export type EditedRule = { choice: RuleChoice; custom: string };
export type EditedRules = Record<RuleAction, EditedRule>;

/** Which choice a stored source is (spaces around it do not matter; anything else is Custom). */
export function choiceOf(source: string): RuleChoice {
  const compact = source.trim().replace(/\s+/g, " ");
  for (const choice of ["nobody", "everyone", "signedIn"] as const) {
    if (compact === CHOICE_SOURCES[choice]) return choice;
  }
  return "custom";
}

export const editedRule = (source: string): EditedRule => ({
  choice: choiceOf(source),
  custom: source,
});

/** The editor's rules from stored ones; without any, Nobody everywhere (what no rules mean). */
export function editedRules(stored: CollectionRules | null): EditedRules {
  const rules = stored ?? RULE_TEMPLATES.nobody;
  return Object.fromEntries(
    RULE_ACTIONS.map((action) => [action, editedRule(rules[action])]),
  ) as EditedRules;
}

export const sourceOf = (rule: EditedRule): string =>
  rule.choice === "custom" ? rule.custom : CHOICE_SOURCES[rule.choice];

export function sourcesOf(rules: EditedRules): CollectionRules {
  return Object.fromEntries(
    RULE_ACTIONS.map((action) => [action, sourceOf(rules[action])]),
  ) as CollectionRules;
}

export type TemplateName = keyof typeof RULE_TEMPLATES;

/** The template these rules are exactly, if any. */
export function templateOf(rules: CollectionRules): TemplateName | null {
  const names = Object.keys(RULE_TEMPLATES) as TemplateName[];
  return (
    names.find((name) =>
      RULE_ACTIONS.every((action) => rules[action].trim() === RULE_TEMPLATES[name][action]),
    ) ?? null
  );
}

/**
 * The Database page's short account of a collection's rules: a template's name, one choice
 * for all five, or each action's choice ("list everyone · get everyone · create custom…").
 */
export function rulesSummary(rules: CollectionRules): string {
  const template = templateOf(rules);
  if (template) return T.summary(T.summaryTemplate[template]);
  const choices = RULE_ACTIONS.map((action) => choiceOf(rules[action]));
  const [first] = choices;
  if (first && choices.every((choice) => choice === first)) {
    return T.summary(T.summaryAll(T.choices[first]));
  }
  return T.summary(
    RULE_ACTIONS.map((action, index) =>
      T.summaryAction(action, T.choices[choices[index] ?? "custom"]),
    ).join(" · "),
  );
}
