import { NAVBAR_TYPES } from "@hybridge/shared/common/enums";
import { UpdateNavBarTypeInputSchema } from "@hybridge/shared/test-console/schemas";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { ChevronDown } from "lucide-react";
import { FormField, useFieldControl } from "@/components/ui/form-field";
import { inputClasses } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { SettingForm } from "./setting-form";
import { useSettingForm } from "./use-setting-form";

/** A native select (keyboard and screen-reader friendly as is), styled like Input. */
function NavbarSelect(props: React.ComponentProps<"select">) {
  const field = useFieldControl();
  return (
    <div className="relative">
      <select
        id={field?.id}
        aria-describedby={field?.describedBy}
        aria-invalid={field?.invalid || undefined}
        className={cn(inputClasses, "appearance-none pr-10")}
        {...props}
      >
        {NAVBAR_TYPES.map((type) => (
          <option key={type} value={type}>
            {TestConsoleTexts.navBarTypes[type]}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}

/** Navbar type: none, header or footer (required). */
export function NavbarTypeForm({ appKey, saved }: { appKey: string; saved: string }) {
  const { form, onSubmit, submitting, status } = useSettingForm({
    appKey,
    name: "navBarType",
    schema: UpdateNavBarTypeInputSchema,
    saved,
  });
  return (
    <SettingForm
      label={TestConsoleTexts.navBarTypeLabel}
      onSubmit={onSubmit}
      submitting={submitting}
      status={status}
    >
      <FormField
        label={TestConsoleTexts.navBarTypeLabel}
        error={form.formState.errors.navBarType?.message}
      >
        <NavbarSelect required {...form.register("navBarType")} />
      </FormField>
    </SettingForm>
  );
}
