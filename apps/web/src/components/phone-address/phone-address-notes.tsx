import { isDevelopmentServer, isUnreachableFromPhone } from "@hybridge/shared/builds/phone-address";
import { PhoneAddressTexts } from "@hybridge/shared/builds/texts";
import { LockOpen, TriangleAlert } from "lucide-react";
import { useId } from "react";
import { cn } from "@/lib/cn";
import { serverAddress } from "@/lib/server-address";

/** An amber note with a title: something that works here and will not on a phone. */
export function WarningNote({
  title,
  children,
  icon: Icon = TriangleAlert,
  className,
}: {
  title: string;
  children: string;
  icon?: typeof TriangleAlert;
  className?: string;
}) {
  const id = useId();
  return (
    <div
      role="note"
      aria-labelledby={id}
      className={cn(
        "flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-left text-amber-950 text-sm",
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4.5 shrink-0 text-amber-600" />
      <div className="min-w-0 space-y-1">
        <p id={id} className="font-semibold">
          {title}
        </p>
        <p className="break-words">{children}</p>
      </div>
    </div>
  );
}

/**
 * The server addresses a phone cannot reach (decision 058), before anything is built: this
 * server's PUBLIC_URL when it is loopback, and the app's own server addresses found in its bundle
 * (`appServers`, the bundle's loopbackServers). Nothing when every address is reachable.
 */
export function PhoneAddressWarnings({
  appServers = [],
  publicUrl = serverAddress(),
  className,
}: {
  appServers?: readonly string[];
  /** Default: this server's PUBLIC_URL, from the page; null: the app's addresses only. */
  publicUrl?: string | null;
  className?: string;
}) {
  const warnings = [
    ...(publicUrl !== null && isUnreachableFromPhone(publicUrl)
      ? [PhoneAddressTexts.unreachable("publicUrl", publicUrl)]
      : []),
    ...appServers.map((url) => PhoneAddressTexts.unreachable("appServer", url)),
  ];
  if (warnings.length === 0) return null;
  return (
    <div className={cn("space-y-2", className)}>
      {warnings.map((warning) => (
        <WarningNote key={warning} title={PhoneAddressTexts.unreachableTitle}>
          {warning}
        </WarningNote>
      ))}
    </div>
  );
}

/**
 * "Development build: talks to http://… without encryption": said wherever an http deployment's
 * builds are built, shown or published (decision 058). Nothing for an https PUBLIC_URL.
 */
export function DevelopmentBuildNote({
  publicUrl = serverAddress(),
  className,
}: {
  publicUrl?: string;
  className?: string;
}) {
  if (!isDevelopmentServer(publicUrl)) return null;
  return (
    <WarningNote
      title={PhoneAddressTexts.developmentBuildTitle}
      icon={LockOpen}
      className={className}
    >
      {PhoneAddressTexts.developmentBuild(publicUrl)}
    </WarningNote>
  );
}
