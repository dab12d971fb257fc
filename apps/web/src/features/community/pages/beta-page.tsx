import { zodResolver } from "@hookform/resolvers/zod";
import { paths } from "@hybridge/shared/common/paths";
import { UiTexts } from "@hybridge/shared/common/texts";
import {
  type BetaFormValues,
  type BetaInput,
  BetaInputSchema,
} from "@hybridge/shared/community/schemas";
import { CommunityErrorCodes, CommunityTexts } from "@hybridge/shared/community/texts";
import { PartyPopper, Sparkles } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { TextLink } from "@/components/ui/text-link";
import { errorMessage, isApiError } from "@/lib/api-client";
import { useSignUpBeta } from "../api/use-sign-up-beta";
import { CommunityFormLayout } from "../components/community-form-layout";

const T = CommunityTexts;

/** What the thanks dialog says: a new sign-up, or an address already on the list. */
type Outcome = "joined" | "already-registered";

export function BetaPage() {
  const navigate = useNavigate();
  const signUp = useSignUpBeta();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BetaFormValues, unknown, BetaInput>({
    resolver: zodResolver(BetaInputSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await signUp.mutateAsync(values);
      setOutcome("joined");
    } catch (error) {
      // The spec thanks the visitor "regardless": an address already on the list is thanked
      // too. A real failure (network, server) is not hidden behind a thank-you.
      if (isApiError(error, CommunityErrorCodes.EMAIL_EXISTS)) {
        setOutcome("already-registered");
        return;
      }
      const text = T.betaFailed(errorMessage(error));
      setFailure(text);
      toast.error(text);
    }
  });

  const goHome = () => navigate(paths.landing);

  return (
    <CommunityFormLayout
      icon={Sparkles}
      title={T.betaTitle}
      description={T.betaLead}
      footer={
        <p>
          {T.haveAppInMind} <TextLink to={paths.join}>{T.tellUsAboutIt}</TextLink>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {failure && <Alert>{failure}</Alert>}
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
          {T.betaSubmit}
        </Button>
      </form>

      <Dialog open={outcome !== null} onOpenChange={(open) => !open && goHome()}>
        <DialogContent className="text-center">
          <span className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <PartyPopper aria-hidden="true" className="size-7" />
          </span>
          <DialogTitle className="text-xl">{T.betaThanksTitle}</DialogTitle>
          <DialogDescription>
            {outcome === "already-registered" ? T.betaAlreadyRegistered : T.betaThanksBody}
          </DialogDescription>
          <Button size="lg" className="mt-6 w-full" onClick={goHome}>
            {T.betaConfirm}
          </Button>
        </DialogContent>
      </Dialog>
    </CommunityFormLayout>
  );
}
