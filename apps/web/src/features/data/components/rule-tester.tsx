import { ErrorCodes } from "@hybridge/shared/common/errors";
import {
  type ConditionInput,
  parseDocumentQuery,
  QUERY_LIMITS,
  QUERY_OPS,
  type QueryOp,
} from "@hybridge/shared/data/query";
import { DatabaseSectionTexts } from "@hybridge/shared/data/texts";
import { RULE_ACTIONS, type RuleAction } from "@hybridge/shared/rules/expression";
import type {
  CollectionRules,
  RulesTestInput,
  RulesTestResult,
} from "@hybridge/shared/rules/schemas";
import { RulesConsoleTexts, RulesTexts } from "@hybridge/shared/rules/texts";
import { CircleCheck, CircleX, Plus } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage, isApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useTestRules } from "../api/use-rules";
import { readQueryValue } from "./query-bar";
import { RemoveRowButton } from "./remove-row-button";

const T = RulesConsoleTexts;
const Q = DatabaseSectionTexts;

type Row = { key: number; field: string; op: QueryOp; value: string };
type Errors = {
  email?: string;
  documentId?: string;
  data?: string;
  rows?: Record<number, Partial<Record<"field" | "op" | "value", string>>>;
  form?: string;
};

const needsDocument = (action: RuleAction) =>
  action === "get" || action === "update" || action === "delete";
const needsData = (action: RuleAction) => action === "create" || action === "update";

/** The written data as typed: a JSON object, or the reason it is not one. */
function readData(text: string): { data: Record<string, unknown> } | { error: string } {
  if (text.trim() === "") return { error: T.dataRequired };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return { error: T.dataRequired };
    }
    return { data: value as Record<string, unknown> };
  } catch (error) {
    return { error: Q.invalidJson(error instanceof Error ? error.message : "") };
  }
}

/**
 * "As this user, can I list `orders` where status == open?": the action, who does it, and what
 * it needs (a list's conditions, a document's id, the written data), tried on the server against
 * `rules` — the editor's, saved or not (null while they have errors).
 */
export function RuleTester({
  projectId,
  collection,
  rules,
}: {
  projectId: string;
  collection: string;
  rules: CollectionRules | null;
}) {
  const id = useId();
  const test = useTestRules(projectId);
  const [as, setAs] = useState<"nobody" | "user">("nobody");
  const [email, setEmail] = useState("");
  const [action, setAction] = useState<RuleAction>("list");
  const [rows, setRows] = useState<Row[]>([]);
  const [documentId, setDocumentId] = useState("");
  const [data, setData] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  // The last answer, with the rules it was given: a change of the rules makes it stale.
  const [result, setResult] = useState<{ answer: RulesTestResult; rules: string } | null>(null);
  const rulesText = JSON.stringify(rules);
  const nextKey = useRef(0);
  const addRef = useRef<HTMLButtonElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const edited = () => {
    setErrors({});
    setResult(null);
  };
  const updateRow = (key: number, change: Partial<Row>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    edited();
  };

  const onRun = (event: FormEvent) => {
    event.preventDefault();
    if (rules === null) {
      setErrors({ form: T.rulesInvalid });
      return;
    }
    const found: Errors = {};
    const input: RulesTestInput = {
      collection,
      action,
      email: as === "user" ? email.trim() : null,
      rules,
    };
    if (as === "user" && email.trim() === "") found.email = T.emailRequired;
    if (action === "list") {
      const where: ConditionInput[] = rows.map((row) => ({
        field: row.field.trim(),
        op: row.op,
        value: readQueryValue(row.value).value,
      }));
      const read = parseDocumentQuery({ where });
      if (read.issues) {
        found.rows = {};
        for (const issue of read.issues) {
          const [, index, key] = issue.path;
          if (typeof index !== "number") continue;
          const row = rows[index];
          if (!row) continue;
          const place = key === "op" || key === "value" ? key : "field";
          found.rows[row.key] = { ...found.rows[row.key], [place]: issue.message };
        }
      }
      input.where = where;
    }
    if (needsDocument(action)) {
      if (documentId.trim() === "") found.documentId = T.documentIdRequired;
      input.documentId = documentId.trim();
    }
    if (needsData(action)) {
      const read = readData(data);
      if ("error" in read) found.data = read.error;
      else input.data = read.data;
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setResult(null);
      return;
    }
    test.mutate(input, {
      onSuccess: (answer) => {
        setErrors({});
        setResult({ answer, rules: JSON.stringify(input.rules) });
      },
      onError: (error) => {
        setResult(null);
        if (
          isApiError(error, ErrorCodes.NOT_FOUND) &&
          error.message === RulesTexts.testUserNotFound
        ) {
          setErrors({ email: error.message });
          emailRef.current?.focus();
          return;
        }
        setErrors({ form: errorMessage(error, T.testFailed) });
      },
    });
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3"
    >
      <h3 id={`${id}-title`} className="font-medium text-slate-900">
        {T.testerTitle}
      </h3>
      <p className="text-slate-600 text-sm">{T.testerLead}</p>
      <form noValidate aria-labelledby={`${id}-title`} onSubmit={onRun} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
          <div className="space-y-3">
            <FormField label={T.asLabel}>
              <Select
                value={as}
                options={[
                  { value: "nobody", label: T.asNobody },
                  { value: "user", label: T.asUser },
                ]}
                onChange={(event) => {
                  setAs(event.target.value as "nobody" | "user");
                  edited();
                }}
              />
            </FormField>
            {as === "user" && (
              <FormField label={T.emailLabel} error={errors.email}>
                <Input
                  ref={emailRef}
                  type="email"
                  autoComplete="off"
                  spellCheck={false}
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    edited();
                  }}
                />
              </FormField>
            )}
          </div>
          <FormField label={T.actionLabel}>
            <Select
              value={action}
              options={RULE_ACTIONS.map((one) => ({ value: one, label: T.actions[one] }))}
              onChange={(event) => {
                setAction(event.target.value as RuleAction);
                edited();
              }}
            />
          </FormField>
        </div>
        {action === "list" && (
          <fieldset className="space-y-2">
            <legend className="font-medium text-slate-700 text-sm">{T.conditionsTitle}</legend>
            {rows.map((row, index) => {
              const n = index + 1;
              const rowErrors = errors.rows?.[row.key];
              const typed = readQueryValue(row.value);
              return (
                <fieldset
                  key={row.key}
                  className="grid gap-2 sm:grid-cols-[1fr_8rem_1fr_auto] sm:items-start"
                >
                  <legend className="sr-only">{Q.condition(n)}</legend>
                  <FormField label={Q.field} error={rowErrors?.field}>
                    <Input
                      placeholder={Q.fieldPlaceholder}
                      autoComplete="off"
                      spellCheck={false}
                      value={row.field}
                      onChange={(event) => updateRow(row.key, { field: event.target.value })}
                    />
                  </FormField>
                  <FormField label={Q.operator} error={rowErrors?.op}>
                    <Select
                      value={row.op}
                      options={QUERY_OPS.map((op) => ({ value: op, label: op }))}
                      onChange={(event) =>
                        updateRow(row.key, { op: event.target.value as QueryOp })
                      }
                    />
                  </FormField>
                  <FormField label={Q.value} error={rowErrors?.value}>
                    <Input
                      placeholder={Q.valuePlaceholder}
                      autoComplete="off"
                      spellCheck={false}
                      className="font-mono"
                      value={row.value}
                      onChange={(event) => updateRow(row.key, { value: event.target.value })}
                    />
                    <p className="text-slate-500 text-xs">
                      {typed.json ? Q.valueJson(Q.jsonTypes[typed.type]) : Q.valueText}
                    </p>
                  </FormField>
                  <RemoveRowButton
                    label={Q.removeCondition(n)}
                    onRemove={() => {
                      setRows((current) => current.filter((one) => one.key !== row.key));
                      edited();
                      addRef.current?.focus();
                    }}
                  />
                </fieldset>
              );
            })}
            <Button
              ref={addRef}
              variant="ghost"
              size="sm"
              disabled={rows.length >= QUERY_LIMITS.conditions}
              onClick={() => {
                nextKey.current += 1;
                setRows((current) => [
                  ...current,
                  { key: nextKey.current, field: "", op: "==", value: "" },
                ]);
                edited();
              }}
            >
              <Plus aria-hidden="true" className="size-4" />
              {Q.addCondition}
            </Button>
          </fieldset>
        )}
        {needsDocument(action) && (
          <FormField label={T.documentIdLabel} error={errors.documentId}>
            <Input
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              value={documentId}
              onChange={(event) => {
                setDocumentId(event.target.value);
                edited();
              }}
            />
          </FormField>
        )}
        {needsData(action) && (
          <FormField label={T.dataLabel} hint={T.dataHint} error={errors.data}>
            <Textarea
              rows={3}
              spellCheck={false}
              autoCapitalize="off"
              className="font-mono"
              placeholder='{ "owner": "…" }'
              value={data}
              onChange={(event) => {
                setData(event.target.value);
                edited();
              }}
            />
          </FormField>
        )}
        {errors.form && <Alert>{errors.form}</Alert>}
        <Button type="submit" size="sm" loading={test.isPending}>
          {T.run}
        </Button>
      </form>
      <div aria-live="polite">
        {result && result.rules === rulesText && <TestResult result={result.answer} />}
      </div>
    </section>
  );
}

function TestResult({ result }: { result: RulesTestResult }) {
  const Icon = result.allowed ? CircleCheck : CircleX;
  return (
    <div
      className={cn(
        "flex gap-3 rounded-lg border px-4 py-3 text-sm",
        result.allowed
          ? "border-emerald-200 bg-emerald-50 text-emerald-900"
          : "border-red-200 bg-red-50 text-red-900",
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4.5 shrink-0" />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">{result.allowed ? T.allowed : T.refused}</p>
        <p className="break-words">{result.reason}</p>
      </div>
    </div>
  );
}
