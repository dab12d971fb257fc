import type { ModulePlatform } from "@hybridge/shared/common/enums";
import { moduleSystems } from "@hybridge/shared/store/platforms";
import { MODULE_PLATFORM_LABELS, StoreTexts } from "@hybridge/shared/store/texts";
import { Apple, Bot } from "lucide-react";
import { cn } from "@/lib/cn";

/* lucide-react has no brand marks: the apple stands for iOS, the robot for Android. */
const SYSTEMS = {
  android: { icon: Bot, label: MODULE_PLATFORM_LABELS.android },
  ios: { icon: Apple, label: MODULE_PLATFORM_LABELS.ios },
} as const;

/** The systems a module runs on, as icons; the platform's name is read out (and a tooltip). */
export function PlatformIcons({
  platform,
  withLabel = false,
  className,
}: {
  platform: ModulePlatform;
  /** Shows the platform's name beside the icons. */
  withLabel?: boolean;
  className?: string;
}) {
  const label = MODULE_PLATFORM_LABELS[platform];
  const systems = moduleSystems(platform);
  const detail =
    platform === "multiplatform"
      ? StoreTexts.systemsDetail(systems.map((s) => SYSTEMS[s].label))
      : "";
  return (
    <span
      className={cn("inline-flex items-center gap-1.5 text-slate-600", className)}
      title={`${label}${detail}`}
    >
      {systems.map((system) => {
        const Icon = SYSTEMS[system].icon;
        return (
          <span
            key={system}
            className="flex size-6 items-center justify-center rounded-md bg-slate-100 text-slate-700"
          >
            <Icon aria-hidden="true" className="size-3.5" />
          </span>
        );
      })}
      {withLabel ? (
        <span className="font-medium text-slate-700 text-sm">
          {label}
          {detail && <span className="sr-only">{detail}</span>}
        </span>
      ) : (
        <span className="sr-only">{`${label}${detail}`}</span>
      )}
    </span>
  );
}
