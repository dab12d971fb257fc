import { zodResolver } from "@hookform/resolvers/zod";
import { PasswordChangeInputSchema } from "@hybridge/shared/auth/schemas";
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { PASSWORD_MIN } from "@hybridge/shared/common/fields";
import { paths } from "@hybridge/shared/common/paths";
import { LockKeyhole } from "lucide-react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { useNavigate, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { LoadingState } from "@/components/ui/spinner";
import { TextLink } from "@/components/ui/text-link";
import { errorTextFor, isApiError } from "@/lib/api-client";
import { useChangePassword } from "../api/use-change-password";
import { useSession } from "../api/use-session";
import { AuthLayout } from "../components/auth-layout";

const INVALID_TOKEN = "INVALID_TOKEN";

/** Spec section 8, "Password change"; any other failure is 'Failed to change password.'. */
const CHANGE_ERRORS = {
  [ErrorCodes.REQUIRES_RECENT_LOGIN]: AuthTexts.changeRecentLogin,
  [ErrorCodes.UNAUTHENTICATED]: AuthTexts.changeNoUser,
  // The shared schema's own texts (mismatch, too weak): the form checks them first.
  [ErrorCodes.VALIDATION]: true,
} as const;

/**
 * Two modes: with `?token=` (the reset mail's link) it sets a new password; without one it
 * changes the signed-in user's password.
 */
export function ChangePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") || undefined;
  const linkError = params.get("error");

  return (
    <AuthLayout icon={LockKeyhole} title={AuthTexts.changeTitle} description={AuthTexts.changeLead}>
      {linkError ? (
        <InvalidLink />
      ) : token ? (
        <ChangePasswordForm token={token} />
      ) : (
        <SignedInChangePassword />
      )}
    </AuthLayout>
  );
}

function InvalidLink() {
  return (
    <div className="space-y-4">
      <Alert>{AuthTexts.resetLinkInvalid}</Alert>
      <p className="text-center text-sm">
        <TextLink to={paths.resetPassword}>{AuthTexts.askNewLink}</TextLink>
      </p>
    </div>
  );
}

function SignedInChangePassword() {
  const session = useSession();
  if (session.data?.user) return <ChangePasswordForm />;
  if (session.isPending) return <LoadingState className="min-h-32" />;
  return (
    <div className="space-y-4">
      <Alert>{AuthTexts.changeNotConnected}</Alert>
      <p className="text-center text-sm">
        <TextLink to={paths.login}>{AuthTexts.signIn}</TextLink>
      </p>
    </div>
  );
}

function ChangePasswordForm({ token }: { token?: string }) {
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  const form = useForm({
    resolver: zodResolver(PasswordChangeInputSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const rootError = errors.root?.server?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync({ ...values, token });
    } catch (error) {
      if (isApiError(error, "WEAK_PASSWORD")) {
        form.setError("newPassword", { message: AuthTexts.changeWeak }, { shouldFocus: true });
      } else if (isApiError(error, INVALID_TOKEN)) {
        form.setError("root.server", { type: INVALID_TOKEN, message: AuthTexts.resetLinkInvalid });
      } else {
        form.setError("root.server", {
          message: errorTextFor(error, CHANGE_ERRORS, AuthTexts.changeFailed),
        });
      }
      return;
    }
    toast.success(AuthTexts.changeSuccess);
    navigate(token ? paths.login : paths.leave);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {rootError && (
        <Alert>
          <p>{rootError}</p>
          {errors.root?.server?.type === INVALID_TOKEN && (
            <p className="mt-1">
              <TextLink to={paths.resetPassword}>{AuthTexts.askNewLink}</TextLink>
            </p>
          )}
        </Alert>
      )}
      <FormField
        label={AuthTexts.newPasswordLabel}
        error={errors.newPassword?.message}
        hint={AuthTexts.passwordHint(PASSWORD_MIN)}
      >
        <PasswordInput autoComplete="new-password" required {...form.register("newPassword")} />
      </FormField>
      <FormField label={AuthTexts.confirmNewPasswordLabel} error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" required {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        {AuthTexts.changePassword}
      </Button>
    </form>
  );
}
