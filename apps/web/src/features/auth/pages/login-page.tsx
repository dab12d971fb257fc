import { zodResolver } from "@hookform/resolvers/zod";
import { LoginInputSchema } from "@hybridge/shared/auth/schemas";
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { CONTACT_EMAIL, PRODUCT_NAME, paths } from "@hybridge/shared/common/paths";
import { LogIn } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { TextLink, textLinkClasses } from "@/components/ui/text-link";
import { useSignIn } from "../api/use-sign-in";
import { AuthLayout } from "../components/auth-layout";

export function LoginPage() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  // The spec answers every failure, ours or the server's, with one message.
  const [failed, setFailed] = useState(false);
  const form = useForm({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailed(false);
      try {
        await signIn.mutateAsync(values);
      } catch {
        setFailed(true);
        return;
      }
      navigate(paths.home);
    },
    () => setFailed(true),
  );

  return (
    <AuthLayout
      icon={LogIn}
      title="Sign In"
      description={`Welcome back. Sign in to your ${PRODUCT_NAME} console.`}
      footer={
        <div className="space-y-2">
          <p>
            New to {PRODUCT_NAME}? <TextLink to={paths.signup}>Create an account</TextLink>
          </p>
          <p>
            Want early access? <TextLink to={paths.beta}>Join the beta</TextLink>
          </p>
          <p>
            Need help?{" "}
            <a className={textLinkClasses} href={`mailto:${CONTACT_EMAIL}`}>
              {CONTACT_EMAIL}
            </a>
          </p>
        </div>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {failed && <Alert>{AuthTexts.loginFailed}</Alert>}
        <FormField label="Email" invalid={failed && Boolean(errors.email)}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            required
            {...form.register("email")}
          />
        </FormField>
        <div className="space-y-2">
          <FormField label="Password" invalid={failed && Boolean(errors.password)}>
            <PasswordInput
              autoComplete="current-password"
              required
              {...form.register("password")}
            />
          </FormField>
          <div className="text-right text-sm">
            <TextLink to={paths.resetPassword}>Forgot your password?</TextLink>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Sign In
        </Button>
      </form>
    </AuthLayout>
  );
}
