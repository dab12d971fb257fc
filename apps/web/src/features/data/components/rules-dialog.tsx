import { ErrorCodes } from "@hybridge/shared/common/errors";
import { UiTexts } from "@hybridge/shared/common/texts";
import { parseRule, RULE_ACTIONS, type RuleAction } from "@hybridge/shared/rules/expression";
import {
  type CollectionRules,
  CollectionRulesInputSchema,
  RULE_TEMPLATES,
} from "@hybridge/shared/rules/schemas";
import { RulesConsoleTexts } from "@hybridge/shared/rules/texts";
import { Trash2 } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import toast from "react-hot-toast";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { LoadFailed } from "@/components/ui/load-failed";
import { Select } from "@/components/ui/select";
import { LoadingState } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage, isApiError } from "@/lib/api-client";
import { useProjectRules, useRemoveRules, useSaveRules } from "../api/use-rules";
import {
  CHOICE_SOURCES,
  type EditedRules,
  editedRules,
  RULE_CHOICES,
  type RuleChoice,
  sourcesOf,
  type TemplateName,
} from "./rule-choices";
import { RuleTester } from "./rule-tester";

const T = RulesConsoleTexts;

/** The templates the editor offers (Nobody is a choice of each rule already). */
const TEMPLATES = [
  "privatePerUser",
  "publicReadOwnerWrite",
  "adminOnly",
] as const satisfies readonly TemplateName[];

/**
 * A collection's access rules (decision 044): the five rules, each Nobody, Everyone, Signed-in
 * users or an expression checked as it is typed; templates; Save and Remove; and the tester,
 * which tries the rules as they are in the editor.
 */
export function RulesDialog({
  projectId,
  collection,
  onClose,
}: {
  projectId: string;
  /** The collection whose rules are open, or null (closed). */
  collection: string | null;
  onClose: () => void;
}) {
  // Whether the editor holds changes not saved: closing then asks first.
  const changed = useRef(false);
  const onChanged = useCallback((value: boolean) => {
    changed.current = value;
  }, []);
  const [discarding, setDiscarding] = useState(false);
  const close = () => {
    if (changed.current) setDiscarding(true);
    else onClose();
  };
  return (
    <Dialog
      open={collection !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
    >
      <DialogContent className="max-h-[90vh] max-w-3xl! overflow-y-auto">
        <DialogTitle className="break-words">{T.title(collection ?? "")}</DialogTitle>
        <DialogDescription>{T.lead}</DialogDescription>
        {collection !== null && (
          <StoredRules
            key={collection}
            projectId={projectId}
            collection={collection}
            onChanged={onChanged}
          />
        )}
        <DialogFooter>
          <Button type="button" variant="secondary" onClick={close}>
            {T.close}
          </Button>
        </DialogFooter>
        <ConfirmDialog
          open={discarding}
          onOpenChange={setDiscarding}
          tone="warning"
          title={T.discardTitle(collection ?? "")}
          description={T.discardText}
          cancelLabel={T.keepEditing}
          confirmLabel={T.discard}
          pending={false}
          onConfirm={() => {
            setDiscarding(false);
            changed.current = false;
            onClose();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

type ChangedListener = (changed: boolean) => void;

function StoredRules({
  projectId,
  collection,
  onChanged,
}: {
  projectId: string;
  collection: string;
  onChanged: ChangedListener;
}) {
  const rules = useProjectRules(projectId);
  if (rules.isPending) return <LoadingState label={T.title(collection)} className="min-h-32" />;
  if (rules.isError) {
    return (
      <LoadFailed
        size="sm"
        className="mt-4"
        message={T.loadFailed}
        onRetry={() => void rules.refetch()}
        retrying={rules.isFetching}
      />
    );
  }
  const stored = rules.data.collections.find((one) => one.collection === collection) ?? null;
  return (
    <RulesEditor
      projectId={projectId}
      collection={collection}
      stored={stored}
      onChanged={onChanged}
    />
  );
}

/** A rule's first error as the server words it (`line 1, position 14: …`), or null. */
function ruleError(source: string, action: RuleAction): string | null {
  const parsed = parseRule(source, action);
  return parsed.ok
    ? null
    : `line ${parsed.error.line}, position ${parsed.error.column}: ${parsed.error.message}`;
}

const sameRules = (a: CollectionRules, b: CollectionRules) =>
  RULE_ACTIONS.every((action) => a[action] === b[action]);

function RulesEditor({
  projectId,
  collection,
  stored,
  onChanged,
}: {
  projectId: string;
  collection: string;
  stored: CollectionRules | null;
  onChanged: ChangedListener;
}) {
  const [rules, setRules] = useState<EditedRules>(() => editedRules(stored));
  // Why the last save did not happen (errors left in the rules, or the server's refusal).
  const [formError, setFormError] = useState<string | null>(null);
  const [applied, setApplied] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const save = useSaveRules(projectId, collection);
  const remove = useRemoveRules(projectId, collection);
  const saveRef = useRef<HTMLButtonElement>(null);
  // The expressions' fields, to take the keyboard to the first one in error.
  const expressions = useRef<Partial<Record<RuleAction, HTMLTextAreaElement | null>>>({});
  const formId = useId();

  const sources = sourcesOf(rules);
  const errors = Object.fromEntries(
    RULE_ACTIONS.map((action) => [action, ruleError(sources[action], action)]),
  ) as Record<RuleAction, string | null>;
  const valid = RULE_ACTIONS.every((action) => errors[action] === null);
  // Changed from what is stored (no rules stored: from Nobody everywhere, what that means).
  const changed = !sameRules(sources, stored ?? RULE_TEMPLATES.nobody);
  useEffect(() => onChanged(changed), [onChanged, changed]);
  useEffect(() => () => onChanged(false), [onChanged]);

  const change = (action: RuleAction, next: Partial<EditedRules[RuleAction]>) => {
    setRules((current) => ({ ...current, [action]: { ...current[action], ...next } }));
    setFormError(null);
    setApplied(null);
  };

  const choose = (action: RuleAction, choice: RuleChoice) => {
    const current = rules[action];
    // Custom starts from the rule chosen so far, unless something was typed already.
    const custom =
      choice === "custom" && current.choice !== "custom" && current.custom.trim() === ""
        ? CHOICE_SOURCES[current.choice]
        : current.custom;
    change(action, { choice, custom });
  };

  const applyTemplate = (name: (typeof TEMPLATES)[number]) => {
    setRules(editedRules(RULE_TEMPLATES[name]));
    setFormError(null);
    setApplied(T.templateApplied(T.templates[name]));
  };

  const focusRule = (action: RuleAction) => expressions.current[action]?.focus();

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    // The server's own schema: every rule parsed, the first error of each at its rule.
    const input = CollectionRulesInputSchema.safeParse(sources);
    if (!input.success) {
      setFormError(T.fixErrors);
      const first = RULE_ACTIONS.find((action) => errors[action] !== null);
      if (first) focusRule(first);
      return;
    }
    save.mutate(input.data, {
      onSuccess: () => {
        setFormError(null);
        toast.success(T.saved(collection));
      },
      // A refusal in the server's words (its schema names no rule that the editor has not
      // already placed), above Save; the editor keeps what was typed.
      onError: (error) =>
        setFormError(
          isApiError(error, ErrorCodes.VALIDATION)
            ? error.message
            : `${T.saveFailed} ${errorMessage(error, "")}`.trim(),
        ),
    });
  };

  return (
    <div className="mt-4 space-y-6">
      <section aria-labelledby={`${formId}-templates`} className="space-y-2">
        <h3 id={`${formId}-templates`} className="font-medium text-slate-900 text-sm">
          {T.templatesTitle}
        </h3>
        <p className="text-slate-600 text-sm">{T.templatesLead}</p>
        <ul className="grid gap-2 sm:grid-cols-3">
          {TEMPLATES.map((name) => (
            <li key={name} className="rounded-lg border border-slate-200 p-3">
              <Button
                variant="secondary"
                size="sm"
                className="w-full whitespace-normal"
                aria-describedby={`${formId}-${name}`}
                onClick={() => applyTemplate(name)}
              >
                {T.templates[name]}
              </Button>
              <p id={`${formId}-${name}`} className="mt-2 text-slate-600 text-xs">
                {T.templateHints[name]}
              </p>
            </li>
          ))}
        </ul>
        <p aria-live="polite" className="text-brand-800 text-sm">
          {applied}
        </p>
      </section>

      <RulesHelp />

      <form noValidate aria-label={T.title(collection)} onSubmit={onSave} className="space-y-4">
        {stored === null && <Alert tone="info">{T.noRulesYet}</Alert>}
        {RULE_ACTIONS.map((action) => {
          const rule = rules[action];
          const label = T.actions[action];
          const error = errors[action];
          return (
            <fieldset
              key={action}
              className="space-y-2 rounded-lg border border-slate-200 p-3"
              aria-describedby={`${formId}-${action}-hint`}
            >
              <legend className="px-1 font-medium text-slate-900 text-sm">{label}</legend>
              <p id={`${formId}-${action}-hint`} className="text-slate-600 text-xs">
                {T.actionHints[action]}
              </p>
              <FormField label={T.whoLabel(label)}>
                <Select
                  value={rule.choice}
                  options={RULE_CHOICES.map((choice) => ({
                    value: choice,
                    label: T.choices[choice],
                  }))}
                  onChange={(event) => choose(action, event.target.value as RuleChoice)}
                />
              </FormField>
              {rule.choice === "custom" ? (
                <FormField label={T.expressionLabel(label)} error={error ?? undefined}>
                  <Textarea
                    rows={2}
                    spellCheck={false}
                    autoCapitalize="off"
                    autoComplete="off"
                    className="font-mono"
                    value={rule.custom}
                    onChange={(event) => change(action, { custom: event.target.value })}
                    ref={(element) => {
                      expressions.current[action] = element;
                    }}
                  />
                </FormField>
              ) : (
                <p className="break-words font-mono text-slate-500 text-xs">
                  {CHOICE_SOURCES[rule.choice]}
                </p>
              )}
            </fieldset>
          );
        })}
        {formError && <Alert>{formError}</Alert>}
        <div className="flex flex-wrap items-center gap-2">
          <Button ref={saveRef} type="submit" loading={save.isPending}>
            {T.save}
          </Button>
          {stored !== null && (
            <Button type="button" variant="danger-outline" onClick={() => setRemoving(true)}>
              <Trash2 aria-hidden="true" className="size-4" />
              {T.remove}
            </Button>
          )}
          {changed && (
            <span className="text-amber-700 text-sm" role="status">
              {T.unsaved}
            </span>
          )}
        </div>
      </form>

      <RuleTester projectId={projectId} collection={collection} rules={valid ? sources : null} />

      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        icon={Trash2}
        title={T.removeTitle(collection)}
        description={T.removeText}
        cancelLabel={UiTexts.cancel}
        confirmLabel={T.remove}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setRemoving(false);
              setRules(editedRules(null));
              setFormError(null);
              toast.success(T.removed(collection));
              // Remove is gone with the rules: the keyboard goes on from Save.
              saveRef.current?.focus();
            },
            onError: (error) => {
              setRemoving(false);
              toast.error(errorMessage(error, T.removeFailed));
            },
          })
        }
      />
    </div>
  );
}

/** The language in a few lines, with examples to copy. */
function RulesHelp() {
  return (
    <details className="rounded-lg border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600">
        {T.helpTitle}
      </summary>
      <p className="mt-2 text-slate-600">{T.helpLead}</p>
      <ul className="mt-2 space-y-1">
        {T.helpExamples.map((example) => (
          <li key={example.code} className="text-slate-600">
            <code className="break-all rounded bg-slate-100 px-1 font-mono text-slate-900 text-xs">
              {example.code}
            </code>{" "}
            {example.text}
          </li>
        ))}
      </ul>
    </details>
  );
}
