import { AuthTexts } from "@hybridge/shared/auth/texts";
import { MailWarning, Send } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { wrapAnywhere } from "@/components/ui/long-text";
import { errorMessage } from "@/lib/api-client";
import { useSendAdminVerification } from "../api/use-admin-verification";

const T = AuthTexts;

/**
 * In place of an admin page, for an account whose address is an admin's but not verified yet
 * (docs/decisions/032-admin-by-proof.md): what is missing, and the verification mail again.
 */
export function AdminVerificationNotice({ email }: { email: string }) {
  const send = useSendAdminVerification();
  return (
    <EmptyState icon={MailWarning} tone="warning" dashed={false}>
      <h2 className="font-semibold text-slate-900">{T.adminUnverifiedTitle}</h2>
      <p className={`max-w-md text-slate-600 text-sm ${wrapAnywhere}`}>
        {T.adminUnverified(email)}
      </p>
      {send.isSuccess ? (
        <Alert tone="success" className={`max-w-md text-left ${wrapAnywhere}`}>
          {T.adminVerificationSent(email)}
        </Alert>
      ) : null}
      {send.isError ? (
        <Alert className="max-w-md text-left">
          {errorMessage(send.error, T.adminVerificationFailed)}
        </Alert>
      ) : null}
      <Button
        variant={send.isSuccess ? "secondary" : "primary"}
        loading={send.isPending}
        onClick={() => send.mutate()}
      >
        <Send aria-hidden="true" className="size-4" />
        {T.adminVerificationSend}
      </Button>
    </EmptyState>
  );
}
