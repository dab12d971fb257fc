import { zodResolver } from "@hookform/resolvers/zod";
import { SignupInputSchema } from "@hybridge/shared/auth/schemas";
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { PASSWORD_MIN } from "@hybridge/shared/common/fields";
import { paths } from "@hybridge/shared/common/paths";
import { UiTexts } from "@hybridge/shared/common/texts";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { TextLink } from "@/components/ui/text-link";
import { errorMessage, isApiError } from "@/lib/api-client";
import { useSignUp } from "../api/use-sign-up";
import { AuthLayout } from "../components/auth-layout";
import { WelcomeDialog } from "../components/welcome-dialog";

export function SignupPage() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [welcome, setWelcome] = useState(false);
  const form = useForm({
    resolver: zodResolver(SignupInputSchema),
    defaultValues: { email: "", password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
      setWelcome(true);
    } catch (error) {
      if (isApiError(error, "ACCOUNT_EXISTS")) {
        form.setError("email", { message: AuthTexts.accountExists }, { shouldFocus: true });
      } else {
        form.setError("root.server", { message: errorMessage(error) });
      }
    }
  });

  return (
    <AuthLayout
      icon={UserPlus}
      title={AuthTexts.signUp}
      description={AuthTexts.signupLead}
      footer={
        <p>
          {AuthTexts.alreadyHaveAccount} <TextLink to={paths.login}>{AuthTexts.signIn}</TextLink>
        </p>
      }
    >
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
        <FormField
          label={AuthTexts.passwordLabel}
          error={errors.password?.message}
          hint={AuthTexts.passwordHint(PASSWORD_MIN)}
        >
          <PasswordInput autoComplete="new-password" required {...form.register("password")} />
        </FormField>
        <FormField label={AuthTexts.confirmPasswordLabel} error={errors.confirmPassword?.message}>
          <PasswordInput
            autoComplete="new-password"
            required
            {...form.register("confirmPassword")}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {AuthTexts.signUp}
        </Button>
      </form>
      <WelcomeDialog open={welcome} onContinue={() => navigate(paths.home)} />
    </AuthLayout>
  );
}
