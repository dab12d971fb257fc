import { zodResolver } from "@hookform/resolvers/zod";
import {
  APP_USER_LINK_INVALID,
  type AppUserLink,
  AppUserNewPasswordInputSchema,
} from "@hybridge/shared/app-users/schemas";
import { AppAuthPageTexts } from "@hybridge/shared/app-users/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { PASSWORD_MIN } from "@hybridge/shared/common/fields";
import { LockKeyhole } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { LoadFailed } from "@/components/ui/load-failed";
import { PasswordInput } from "@/components/ui/password-input";
import { LoadingState } from "@/components/ui/spinner";
import { errorTextFor, isApiError } from "@/lib/api-client";
import { useConfirmReset, useResetLink } from "../api/use-app-users";
import { AppAuthLayout } from "../components/app-auth-layout";

const T = AppAuthPageTexts;

/**
 * /app-auth/reset?token=…: where an app user's password reset mail leads (decision 043). The
 * link is checked first (its app's name and address, or that it no longer works), then the new
 * password is set once; the app's other sessions end.
 */
export function AppResetPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const link = useResetLink(token);

  if (!token) {
    return (
      <AppAuthLayout icon={LockKeyhole} title={T.resetTitle}>
        <Alert>{T.noToken}</Alert>
      </AppAuthLayout>
    );
  }
  if (link.isPending) {
    return (
      <AppAuthLayout icon={LockKeyhole} title={T.resetTitle}>
        <LoadingState label={T.checking} className="min-h-32" />
      </AppAuthLayout>
    );
  }
  if (link.isError) {
    return (
      <AppAuthLayout icon={LockKeyhole} title={T.resetTitle}>
        {isApiError(link.error, APP_USER_LINK_INVALID) ? (
          <Alert>{link.error.message}</Alert>
        ) : (
          <LoadFailed
            message={T.resetFailed}
            onRetry={() => void link.refetch()}
            retrying={link.isFetching}
          />
        )}
      </AppAuthLayout>
    );
  }
  return <ResetForm token={token} link={link.data} />;
}

/** Failures the form shows in the server's words; any other gets T.resetFailed. */
const CONFIRM_ERRORS = {
  [APP_USER_LINK_INVALID]: true,
  [ErrorCodes.VALIDATION]: true,
  [ErrorCodes.RATE_LIMITED]: true,
} as const;

function ResetForm({ token, link }: { token: string; link: AppUserLink }) {
  const confirm = useConfirmReset(token);
  const [done, setDone] = useState(false);
  const form = useForm({
    resolver: zodResolver(AppUserNewPasswordInputSchema),
    defaultValues: { password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const rootError = errors.root?.server?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync(values);
      setDone(true);
    } catch (error) {
      form.setError("root.server", {
        message: errorTextFor(error, CONFIRM_ERRORS, T.resetFailed),
      });
    }
  });

  return (
    <AppAuthLayout
      icon={LockKeyhole}
      title={T.resetTitleFor(link.appName)}
      description={T.resetLead(link.email)}
    >
      {done ? (
        <Alert tone="success">{T.resetDone(link.appName)}</Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {rootError && <Alert>{rootError}</Alert>}
          {/* Password managers file the new password under the account's address. */}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={link.email}
            readOnly
            hidden
          />
          <FormField
            label={T.passwordLabel}
            error={errors.password?.message}
            hint={T.passwordHint(PASSWORD_MIN)}
          >
            <PasswordInput autoComplete="new-password" required {...form.register("password")} />
          </FormField>
          <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
            {T.save}
          </Button>
        </form>
      )}
    </AppAuthLayout>
  );
}
