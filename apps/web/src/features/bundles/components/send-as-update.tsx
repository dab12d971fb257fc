import {
  DEFAULT_CHANNEL,
  type DeployUpdateFields,
  type DeployUpdateFieldsSchema,
} from "@hybridge/shared/updates/schemas";
import { UpdatesConsoleTexts } from "@hybridge/shared/updates/texts";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useProjectUpdates } from "@/lib/project-updates";

const T = UpdatesConsoleTexts;

/** The upload's update fields as typed (the deploy's schema: rollout as text, checked 1–100). */
export type SendAsUpdateValues = z.input<typeof DeployUpdateFieldsSchema>;
export type SendAsUpdateForm = UseFormReturn<SendAsUpdateValues, unknown, DeployUpdateFields>;
export const SEND_AS_UPDATE_DEFAULTS: SendAsUpdateValues = {
  channel: DEFAULT_CHANNEL,
  rolloutPercent: "100",
  message: "",
};

/**
 * The Web app section's opt-in "Also send to installed apps as an update" (decision 056): the
 * deploy's channel (one of the project's), rollout and message, validated by the deploy's own
 * schema (DeployUpdateFieldsSchema) before the file is sent.
 */
export function SendAsUpdate({
  projectId,
  enabled,
  onEnabledChange,
  form,
}: {
  projectId: string;
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  form: SendAsUpdateForm;
}) {
  const updates = useProjectUpdates(projectId);
  const channels = [
    ...new Set([DEFAULT_CHANNEL, ...(updates.data?.channels.map((channel) => channel.name) ?? [])]),
  ].sort();
  const errors = form.formState.errors;
  return (
    <div className="mt-4 space-y-3">
      <label className="flex items-start gap-2 text-slate-900 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-600"
          checked={enabled}
          onChange={(event) => onEnabledChange(event.target.checked)}
        />
        <span>
          <span className="font-medium">{T.asUpdate}</span>
          <span className="block text-slate-500">{T.asUpdateHelp}</span>
        </span>
      </label>
      {enabled && (
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem_2fr]">
          <FormField label={T.uploadChannel} error={errors.channel?.message}>
            <Select
              options={channels.map((name) => ({ value: name, label: name }))}
              {...form.register("channel")}
            />
          </FormField>
          <FormField label={T.uploadRollout} error={errors.rolloutPercent?.message}>
            <Input inputMode="numeric" autoComplete="off" {...form.register("rolloutPercent")} />
          </FormField>
          <FormField label={T.uploadMessage} error={errors.message?.message}>
            <Input
              autoComplete="off"
              maxLength={200}
              placeholder={T.uploadMessagePlaceholder}
              {...form.register("message")}
            />
          </FormField>
        </div>
      )}
    </div>
  );
}
