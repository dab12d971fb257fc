import { NETWORK_URL_MAX } from "@hybridge/shared/test-console/defaults";
import { UpdateLocalhostUrlInputSchema } from "@hybridge/shared/test-console/schemas";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SettingForm } from "./setting-form";
import { useSettingForm } from "./use-setting-form";

/** The localhost URL: the dev server the dev app loads, as the phone reaches it (a URL). */
export function LocalhostUrlForm({ appKey, saved }: { appKey: string; saved: string }) {
  const { form, onSubmit, submitting, status } = useSettingForm({
    appKey,
    name: "network",
    schema: UpdateLocalhostUrlInputSchema,
    saved,
  });
  return (
    <SettingForm
      label={TestConsoleTexts.localhostUrlLabel}
      onSubmit={onSubmit}
      submitting={submitting}
      status={status}
    >
      <FormField
        label={TestConsoleTexts.localhostUrlLabel}
        hint={TestConsoleTexts.localhostUrlHint}
        error={form.formState.errors.network?.message}
      >
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={NETWORK_URL_MAX + 20}
          placeholder={TestConsoleTexts.localhostUrlPlaceholder}
          {...form.register("network")}
        />
      </FormField>
    </SettingForm>
  );
}
