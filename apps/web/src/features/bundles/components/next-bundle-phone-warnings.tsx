import { PhoneAddressWarnings } from "@/components/phone-address/phone-address-notes";
import { useBundles } from "../api/use-bundles";

/**
 * Before a build (decision 058): the server addresses a phone cannot reach — the app's own, found
 * in the next build's bundle, and, unless `appOnly`, this server's PUBLIC_URL. The Web app section
 * shows the app's (under the upload); the app layer puts both above the builds' cards.
 */
export function NextBundlePhoneWarnings({
  projectId,
  appOnly = false,
  className,
}: {
  projectId: string;
  appOnly?: boolean;
  className?: string;
}) {
  const bundles = useBundles(projectId);
  const next = bundles.data?.bundles.find((bundle) => bundle.isNext);
  return (
    <PhoneAddressWarnings
      appServers={next?.loopbackServers ?? []}
      {...(appOnly ? { publicUrl: null } : {})}
      {...(className ? { className } : {})}
    />
  );
}
