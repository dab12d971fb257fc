import { APP_USER_LINK_INVALID } from "@hybridge/shared/app-users/schemas";
import { AppAuthPageTexts } from "@hybridge/shared/app-users/texts";
import { MailCheck, MailWarning } from "lucide-react";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { LoadFailed } from "@/components/ui/load-failed";
import { LoadingState } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api-client";
import { useConfirmVerification } from "../api/use-app-users";
import { AppAuthLayout } from "../components/app-auth-layout";

const T = AppAuthPageTexts;

/**
 * /app-auth/verify?token=…: where an app user's verification mail leads (decision 043). Opening
 * the link verifies the address (once): the page says so, in the app's name, or why not.
 */
export function AppVerifyPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const confirm = useConfirmVerification();
  const { mutate } = confirm;
  // The link is spent by its first use: sent once per token, even if the effect runs twice.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  if (confirm.isSuccess) {
    const { appName, email } = confirm.data;
    return (
      <AppAuthLayout icon={MailCheck} title={T.verifyDoneTitle}>
        <Alert tone="success">{T.verifyDone(appName, email)}</Alert>
      </AppAuthLayout>
    );
  }
  return (
    <AppAuthLayout icon={confirm.isError || !token ? MailWarning : MailCheck} title={T.verifyTitle}>
      {!token ? (
        <Alert>{T.noToken}</Alert>
      ) : confirm.isError ? (
        isApiError(confirm.error, APP_USER_LINK_INVALID) ? (
          <Alert>{confirm.error.message}</Alert>
        ) : (
          <LoadFailed message={T.verifyFailed} onRetry={() => mutate(token)} />
        )
      ) : (
        <LoadingState label={T.verifying} className="min-h-32" />
      )}
    </AppAuthLayout>
  );
}
