import { zodResolver } from "@hookform/resolvers/zod";
import { LoginInputSchema } from "@hybridge/shared/auth/schemas";
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { CONTACT_EMAIL, paths } from "@hybridge/shared/common/paths";
import { UiTexts } from "@hybridge/shared/common/texts";
import { CommunityTexts } from "@hybridge/shared/community/texts";
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
  // The spec answers every failure, ours or the server's, with one message. "credentials": the
  // server refused them; both fields are then marked invalid.
  const [failed, setFailed] = useState<false | "form" | "credentials">(false);
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
        setFailed("credentials");
        form.setFocus("email");
        return;
      }
      navigate(paths.home);
    },
    () => setFailed("form"),
  );

  return (
    <AuthLayout
      icon={LogIn}
      title={AuthTexts.signIn}
      description={AuthTexts.loginLead}
      footer={
        <div className="space-y-2">
          <p>
            {AuthTexts.newTo} <TextLink to={paths.signup}>{AuthTexts.createAccount}</TextLink>
          </p>
          <p>
            {AuthTexts.wantEarlyAccess}{" "}
            <TextLink to={paths.beta}>{CommunityTexts.betaTitle}</TextLink>
          </p>
          <p>
            {AuthTexts.needHelp}{" "}
            <a className={textLinkClasses} href={`mailto:${CONTACT_EMAIL}`}>
              {CONTACT_EMAIL}
            </a>
          </p>
        </div>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {failed && <Alert>{AuthTexts.loginFailed}</Alert>}
        <FormField
          label={UiTexts.emailLabel}
          invalid={failed === "credentials" || (failed && Boolean(errors.email))}
        >
          <Input
            type="email"
            autoComplete="email"
            placeholder={UiTexts.emailPlaceholder}
            required
            {...form.register("email")}
          />
        </FormField>
        <div className="space-y-2">
          <FormField
            label={AuthTexts.passwordLabel}
            invalid={failed === "credentials" || (failed && Boolean(errors.password))}
          >
            <PasswordInput
              autoComplete="current-password"
              required
              {...form.register("password")}
            />
          </FormField>
          <div className="text-right text-sm">
            <TextLink to={paths.resetPassword}>{AuthTexts.forgotPassword}</TextLink>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {AuthTexts.signIn}
        </Button>
      </form>
    </AuthLayout>
  );
}
