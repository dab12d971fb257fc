import { zodResolver } from "@hookform/resolvers/zod";
import { SignupInputSchema } from "@hybridge/shared/auth/schemas";
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { PASSWORD_MIN } from "@hybridge/shared/common/fields";
import { PRODUCT_NAME, paths } from "@hybridge/shared/common/paths";
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
      title="Sign Up"
      description={`Create your ${PRODUCT_NAME} account and ship your first native app.`}
      footer={
        <p>
          Already have an account? <TextLink to={paths.login}>Sign In</TextLink>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {errors.root?.server && <Alert>{errors.root.server.message}</Alert>}
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            required
            {...form.register("email")}
          />
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          hint={`At least ${PASSWORD_MIN} characters.`}
        >
          <PasswordInput autoComplete="new-password" required {...form.register("password")} />
        </FormField>
        <FormField label="Confirm password" error={errors.confirmPassword?.message}>
          <PasswordInput
            autoComplete="new-password"
            required
            {...form.register("confirmPassword")}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Sign Up
        </Button>
      </form>
      <WelcomeDialog open={welcome} onContinue={() => navigate(paths.home)} />
    </AuthLayout>
  );
}
