import { HEX_COLOR_PATTERN } from "@hybridge/shared/common/fields";
import { UpdateStatusBarInputSchema } from "@hybridge/shared/test-console/schemas";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SettingForm } from "./setting-form";
import { useSettingForm } from "./use-setting-form";

/** The status bar colour: a hex colour of 3 or 6 digits, previewed beside the field. */
export function StatusBarForm({ appKey, saved }: { appKey: string; saved: string }) {
  const { form, onSubmit, submitting, status } = useSettingForm({
    appKey,
    name: "statusBar",
    schema: UpdateStatusBarInputSchema,
    saved,
  });
  const typed = (form.watch("statusBar") ?? "").trim();
  const preview = HEX_COLOR_PATTERN.test(typed) ? typed : undefined;
  return (
    <SettingForm
      label={TestConsoleTexts.statusBarLabel}
      onSubmit={onSubmit}
      submitting={submitting}
      status={status}
    >
      <FormField
        label={TestConsoleTexts.statusBarLabel}
        error={form.formState.errors.statusBar?.message}
      >
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="size-10 shrink-0 rounded-lg border border-slate-300 bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:12px_12px]"
            style={preview ? { background: preview } : undefined}
          />
          <Input
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            placeholder={TestConsoleTexts.statusBarPlaceholder}
            className="font-mono"
            {...form.register("statusBar")}
          />
        </div>
      </FormField>
    </SettingForm>
  );
}
