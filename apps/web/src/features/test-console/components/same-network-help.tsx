import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { Wifi } from "lucide-react";
import { Card } from "@/components/ui/card";

/** How to run the dev app: phone and computer on the same Wi-Fi, the computer's LAN address. */
export function SameNetworkHelp() {
  return (
    <Card className="p-5">
      <section aria-labelledby="same-network-title" className="space-y-3">
        <h2
          id="same-network-title"
          className="flex items-center gap-2 font-semibold text-lg text-slate-900"
        >
          <Wifi aria-hidden="true" className="size-5 text-brand-700" />
          {TestConsoleTexts.sameNetworkTitle}
        </h2>
        <ol className="list-decimal space-y-2 pl-5 text-slate-700 text-sm marker:font-semibold marker:text-brand-700">
          {TestConsoleTexts.sameNetworkSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
    </Card>
  );
}
