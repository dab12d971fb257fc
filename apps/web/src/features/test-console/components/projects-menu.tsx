import { paths } from "@hybridge/shared/common/paths";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { Check, ChevronsUpDown } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { TruncatedText } from "@/components/ui/long-text";

/**
 * The owner's app codes; the active one is checked and highlighted. Choosing another opens its
 * console. Radix gives the menu its keyboard behaviour (arrows, Enter, Escape, typeahead).
 */
export function ProjectsMenu({ active, appCodes }: { active: string; appCodes: string[] }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary">
          {TestConsoleTexts.projectsMenu}
          <ChevronsUpDown aria-hidden="true" className="size-4 text-slate-500" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 max-h-80 min-w-56 max-w-[min(24rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg shadow-slate-900/10"
        >
          <DropdownMenu.Label className="px-2.5 py-1.5 font-medium text-slate-500 text-xs uppercase tracking-wide">
            {TestConsoleTexts.projectsMenuLabel}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={active}
            onValueChange={(appKey) => {
              if (appKey !== active) navigate(paths.test(appKey));
            }}
          >
            {appCodes.map((appKey) => (
              <DropdownMenu.RadioItem
                key={appKey}
                value={appKey}
                className="relative flex cursor-pointer select-none items-center gap-2 rounded-lg py-2 pr-2.5 pl-8 font-mono text-slate-700 text-sm outline-none data-[highlighted]:bg-slate-100 data-[state=checked]:bg-brand-50 data-[state=checked]:font-semibold data-[state=checked]:text-brand-900"
              >
                <DropdownMenu.ItemIndicator className="absolute left-2.5 inline-flex">
                  <Check aria-hidden="true" className="size-4 text-brand-700" />
                </DropdownMenu.ItemIndicator>
                <TruncatedText text={appKey} />
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
