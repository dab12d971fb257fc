import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ConditionInput,
  parseDocumentQuery,
  QUERY_LIMITS,
  QUERY_OPS,
} from "@hybridge/shared/data/query";
import { DatabaseSectionTexts } from "@hybridge/shared/data/texts";
import { Plus } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { DocumentsQuery } from "../api/use-database";
import { RemoveRowButton } from "./remove-row-button";

const T = DatabaseSectionTexts;

/**
 * A condition's value as typed: JSON when it reads as JSON (`42`, `"open"`, `true`, `null`,
 * `["a","b"]`), else the text itself, so `open` needs no quotes.
 */
export function readQueryValue(
  text: string,
): { json: true; value: unknown; type: keyof typeof T.jsonTypes } | { json: false; value: string } {
  const trimmed = text.trim();
  if (trimmed !== "") {
    try {
      const value: unknown = JSON.parse(trimmed);
      const type =
        value === null
          ? "null"
          : Array.isArray(value)
            ? "array"
            : (typeof value as "boolean" | "number" | "string" | "object");
      return { json: true, value, type };
    } catch {
      // Not JSON: the text itself.
    }
  }
  return { json: false, value: text };
}

const DIRECTIONS = ["desc", "asc"] as const;
/** The order the list has without a sort: newest first. */
const DEFAULT_SORT = { sortField: "createdAt", sortDirection: "desc" } as const;

/** Where in the form a place of the query body (a parser's or the server's) is. */
function formPath(path: readonly (string | number)[]): (string | number)[] {
  const [part, index, key] = path;
  if (part === "where" && typeof index === "number") {
    return ["conditions", index, key === "op" || key === "value" ? key : "field"];
  }
  if (part === "orderBy") return [key === "direction" ? "sortDirection" : "sortField"];
  return ["root"];
}

/** A place of the server's message (`where[0].value: …`) as the parser's path, if it has one. */
function messagePath(message: string): (string | number)[] | null {
  const match = /^(where|orderBy)\[(\d+)\](?:\.(field|op|value|direction))?:/.exec(message);
  if (!match) return null;
  const [, part = "", index = "0", key] = match;
  return key ? [part, Number(index), key] : [part, Number(index)];
}

/**
 * The filter and sort form: the conditions as typed, read into the query body, which the shared
 * parser (the server's own) checks, each refusal at its field.
 */
const QueryFormSchema = z
  .object({
    conditions: z
      .array(z.object({ field: z.string(), op: z.enum(QUERY_OPS), value: z.string() }))
      .max(QUERY_LIMITS.conditions),
    sortField: z.string(),
    sortDirection: z.enum(DIRECTIONS),
  })
  .transform((form, context): DocumentsQuery => {
    const where: ConditionInput[] = form.conditions.map((condition) => ({
      field: condition.field.trim(),
      op: condition.op,
      value: readQueryValue(condition.value).value,
    }));
    const sortField = form.sortField.trim();
    const query: DocumentsQuery = {
      ...(where.length > 0 ? { where } : {}),
      ...(sortField === ""
        ? {}
        : { orderBy: [{ field: sortField, direction: form.sortDirection }] }),
    };
    const read = parseDocumentQuery(query);
    if (read.issues) {
      for (const issue of read.issues) {
        context.addIssue({ code: "custom", path: formPath(issue.path), message: issue.message });
      }
      return z.NEVER;
    }
    return query;
  });
type QueryFormValues = z.input<typeof QueryFormSchema>;

const emptyCondition = { field: "", op: "==", value: "" } as const;

/**
 * The filter bar of a collection: conditions (field, operator, value), removable, and one sort
 * key. Apply runs the query; a refusal of the server's (`refusal`) shows at its field when it
 * names one.
 */
export function QueryBar({
  onApply,
  refusal,
}: {
  onApply: (query: DocumentsQuery) => void;
  refusal: string | null;
}) {
  const form = useForm<QueryFormValues, unknown, DocumentsQuery>({
    resolver: zodResolver(QueryFormSchema),
    defaultValues: { conditions: [], ...DEFAULT_SORT },
  });
  const conditions = useFieldArray({ control: form.control, name: "conditions" });
  const values = useWatch({ control: form.control, name: "conditions" });
  const addRef = useRef<HTMLButtonElement>(null);
  const { errors } = form.formState;

  useEffect(() => {
    const path = refusal === null ? null : messagePath(refusal);
    if (refusal === null || path === null) return;
    const [first, ...rest] = formPath(path);
    const name = [first, ...rest].join(".") as "sortField";
    if (first !== "root") form.setError(name, { message: refusal }, { shouldFocus: true });
  }, [refusal, form]);

  const onSubmit = form.handleSubmit(onApply);
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={T.queryTitle}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3"
    >
      <h3 className="font-medium text-slate-900 text-sm">{T.queryTitle}</h3>
      {conditions.fields.map((condition, index) => {
        const n = index + 1;
        const typed = readQueryValue(values?.[index]?.value ?? "");
        const fieldErrors = errors.conditions?.[index];
        return (
          <fieldset
            key={condition.id}
            className="grid gap-2 sm:grid-cols-[1fr_8rem_1fr_auto] sm:items-start"
          >
            <legend className="sr-only">{T.condition(n)}</legend>
            <FormField label={T.field} error={fieldErrors?.field?.message}>
              <Input
                placeholder={T.fieldPlaceholder}
                autoComplete="off"
                spellCheck={false}
                {...form.register(`conditions.${index}.field`)}
              />
            </FormField>
            <FormField label={T.operator} error={fieldErrors?.op?.message}>
              <Select
                options={QUERY_OPS.map((op) => ({ value: op, label: op }))}
                {...form.register(`conditions.${index}.op`)}
              />
            </FormField>
            <FormField label={T.value} error={fieldErrors?.value?.message}>
              <Input
                placeholder={T.valuePlaceholder}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                {...form.register(`conditions.${index}.value`)}
              />
              {/* Shown with an error too: how the value was read is often why. */}
              <p className="text-slate-500 text-xs">
                {typed.json ? T.valueJson(T.jsonTypes[typed.type]) : T.valueText}
              </p>
            </FormField>
            <RemoveRowButton
              label={T.removeCondition(n)}
              onRemove={() => {
                conditions.remove(index);
                addRef.current?.focus();
              }}
            />
          </fieldset>
        );
      })}
      <Button
        ref={addRef}
        type="button"
        variant="ghost"
        size="sm"
        disabled={conditions.fields.length >= QUERY_LIMITS.conditions}
        onClick={() => conditions.append({ ...emptyCondition })}
      >
        <Plus aria-hidden="true" className="size-4" />
        {T.addCondition}
      </Button>
      <div className="grid gap-2 sm:grid-cols-[1fr_1fr]">
        <FormField label={T.sortField} error={errors.sortField?.message}>
          <Input
            autoComplete="off"
            spellCheck={false}
            placeholder="createdAt"
            {...form.register("sortField")}
          />
        </FormField>
        <FormField label={T.sortDirection} error={errors.sortDirection?.message}>
          <Select
            options={[
              { value: "desc", label: T.descending },
              { value: "asc", label: T.ascending },
            ]}
            {...form.register("sortDirection")}
          />
        </FormField>
      </div>
      {errors.root?.message && <Alert>{errors.root.message}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          {T.apply}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => {
            form.reset({ conditions: [], ...DEFAULT_SORT });
            onApply({});
          }}
        >
          {T.clear}
        </Button>
      </div>
    </form>
  );
}
