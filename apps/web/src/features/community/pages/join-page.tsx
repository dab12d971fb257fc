import { zodResolver } from "@hookform/resolvers/zod";
import { CONTACT_EMAIL, paths } from "@hybridge/shared/common/paths";
import { UiTexts } from "@hybridge/shared/common/texts";
import { COUNTRY_OPTIONS, SEGMENT_OPTIONS } from "@hybridge/shared/community/labels";
import {
  type ContactRequest,
  type JoinFormValues,
  type JoinInput,
  JoinInputSchema,
} from "@hybridge/shared/community/schemas";
import { CommunityTexts, JOIN_LIMITS } from "@hybridge/shared/community/texts";
import { Rocket } from "lucide-react";
import { useState } from "react";
import { type FieldError, useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { TextLink } from "@/components/ui/text-link";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { useJoinCommunity } from "../api/use-join-community";
import { CommunityFormLayout } from "../components/community-form-layout";

const T = CommunityTexts;
const EMPTY: JoinFormValues = { name: "", description: "", segment: "", email: "", country: "" };

/**
 * A missing value answers the spec's one message for the whole form ('All fields must have
 * valid files.'), shown once above the fields; other problems (too long, invalid) stay under
 * their field.
 */
const fieldMessage = (error: FieldError | undefined) =>
  error?.message === T.allFieldsRequired ? undefined : error?.message;

export function JoinPage() {
  const join = useJoinCommunity();
  const [joined, setJoined] = useState<ContactRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<JoinFormValues, unknown, JoinInput>({
    resolver: zodResolver(JoinInputSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const missing = Object.values(errors).some((e) => e?.message === T.allFieldsRequired);
  const nameLength = form.watch("name").length;
  const descriptionLength = form.watch("description").length;

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      setJoined(null);
      try {
        const { contact } = await join.mutateAsync(values);
        form.reset(EMPTY);
        setJoined(contact);
        toast.success(T.joinSuccessTitle);
      } catch (error) {
        const text = T.joinFailed(errorMessage(error));
        setFailure(text);
        toast.error(text);
      }
    },
    () => {
      setJoined(null);
      setFailure(null);
    },
  );

  return (
    <CommunityFormLayout
      icon={Rocket}
      title={T.joinTitle}
      description={T.joinLead}
      width="lg"
      footer={
        <p>
          {T.justTryFirst} <TextLink to={paths.beta}>{T.betaTitle}</TextLink> · {T.questions}{" "}
          <a
            className="font-medium text-brand-700 hover:underline"
            href={`mailto:${CONTACT_EMAIL}`}
          >
            {CONTACT_EMAIL}
          </a>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {joined && (
          <Alert tone="success" title={T.joinSuccessTitle}>
            {T.joinSuccess(joined.name, joined.email)}
          </Alert>
        )}
        {failure && <Alert>{failure}</Alert>}
        {missing && <Alert>{T.allFieldsRequired}</Alert>}

        <FormField
          label={T.projectNameLabel}
          error={fieldMessage(errors.name)}
          invalid={Boolean(errors.name)}
          hint={T.characterCount(nameLength, JOIN_LIMITS.name)}
        >
          <Input
            autoComplete="off"
            placeholder={T.projectNamePlaceholder}
            {...form.register("name")}
          />
        </FormField>

        <FormField
          label={T.descriptionLabel}
          error={fieldMessage(errors.description)}
          invalid={Boolean(errors.description)}
          hint={T.characterCount(descriptionLength, JOIN_LIMITS.description)}
        >
          <Textarea
            rows={4}
            placeholder={T.descriptionPlaceholder}
            {...form.register("description")}
          />
        </FormField>

        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label={T.sectorLabel}
            error={fieldMessage(errors.segment)}
            invalid={Boolean(errors.segment)}
          >
            <Select required options={SEGMENT_OPTIONS} {...form.register("segment")} />
          </FormField>
          <FormField
            label={T.countryLabel}
            error={fieldMessage(errors.country)}
            invalid={Boolean(errors.country)}
          >
            <Select required options={COUNTRY_OPTIONS} {...form.register("country")} />
          </FormField>
        </div>

        <FormField
          label={UiTexts.emailLabel}
          error={fieldMessage(errors.email)}
          invalid={Boolean(errors.email)}
        >
          <Input
            type="email"
            autoComplete="email"
            placeholder={UiTexts.emailPlaceholder}
            required
            {...form.register("email")}
          />
        </FormField>

        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {T.joinSubmit}
        </Button>
      </form>
    </CommunityFormLayout>
  );
}
