import { zodResolver } from "@hookform/resolvers/zod";
import { PasswordResetInputSchema } from "@hybridge/shared/auth/schemas";
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { paths } from "@hybridge/shared/common/paths";
import { UiTexts } from "@hybridge/shared/common/texts";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { TextLink } from "@/components/ui/text-link";
import { isApiError } from "@/lib/api-client";
import { useRequestPasswordReset } from "../api/use-request-password-reset";
import { AuthLayout } from "../components/auth-layout";

export function ResetPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const form = useForm({
    resolver: zodResolver(PasswordResetInputSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await requestReset.mutateAsync(values);
      setSent(true);
    } catch (error) {
      if (isApiError(error, "USER_NOT_FOUND") || isApiError(error, ErrorCodes.VALIDATION)) {
        form.setError("email", { message: error.message }, { shouldFocus: true });
      } else {
        // Spec section 8, "Reset": any other failure gets the generic text.
        form.setError("root.server", { message: AuthTexts.resetGeneric });
      }
    }
  });

  return (
    <AuthLayout
      icon={KeyRound}
      title={AuthTexts.resetTitle}
      description={AuthTexts.resetLead}
      footer={
        <p>
          {AuthTexts.rememberedIt} <TextLink to={paths.login}>{AuthTexts.backToLogin}</TextLink>
        </p>
      }
    >
      {sent ? (
        <div className="space-y-4">
          <Alert tone="success">{AuthTexts.resetSent}</Alert>
          <Button variant="secondary" className="w-full" onClick={() => setSent(false)}>
            {AuthTexts.sendAnotherLink}
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {errors.root?.server && <Alert>{errors.root.server.message}</Alert>}
          <FormField label={UiTexts.emailLabel} error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              placeholder={UiTexts.emailPlaceholder}
              required
              {...form.register("email")}
            />
          </FormField>
          <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
            {AuthTexts.sendResetLink}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
