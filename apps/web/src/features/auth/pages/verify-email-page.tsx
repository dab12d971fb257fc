import { VERIFY_EMAIL_DONE, VerifyEmailErrors } from "@hybridge/shared/auth/schemas";
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { paths } from "@hybridge/shared/common/paths";
import { MailCheck, MailWarning } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { TextLink } from "@/components/ui/text-link";
import { AuthLayout } from "../components/auth-layout";

const T = AuthTexts;

/**
 * Where the verification mail's link lands (GET /api/auth/verify-email redirects here): that
 * it worked, or why not — expired, invalid, or opened where its account is not signed in.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const error = params.get("error");
  const verified = !error && params.get("result") === VERIFY_EMAIL_DONE;

  if (verified) {
    return (
      <AuthLayout icon={MailCheck} title={T.verifyDoneTitle}>
        <div className="space-y-5">
          <Alert tone="success">{T.verifyDone}</Alert>
          <Link to={paths.dash} className={buttonClasses("primary", "lg", "w-full")}>
            {T.verifyContinue}
          </Link>
        </div>
      </AuthLayout>
    );
  }
  const signIn = error === VerifyEmailErrors.signInRequired;
  const message = signIn
    ? T.verifySignInRequired
    : error === VerifyEmailErrors.expired
      ? T.verifyExpired
      : T.verifyInvalid;
  return (
    <AuthLayout icon={MailWarning} title={T.verifyTitle}>
      <div className="space-y-4">
        <Alert>{message}</Alert>
        <p className="text-center text-sm">
          {signIn ? (
            <TextLink to={paths.login}>{T.signIn}</TextLink>
          ) : (
            <TextLink to={paths.dash}>{T.verifySendAgain}</TextLink>
          )}
        </p>
      </div>
    </AuthLayout>
  );
}
