import { zodResolver } from "@hookform/resolvers/zod";
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { NAVBAR_TYPES, SEGMENTS } from "@hybridge/shared/common/enums";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { paths } from "@hybridge/shared/common/paths";
import { NAVBAR_LABELS, SEGMENT_LABELS } from "@hybridge/shared/common/texts";
import { DEFAULT_ICONS, fileUrl } from "@hybridge/shared/files/icons";
import {
  CreateProjectInputSchema,
  PROJECT_DEFAULTS,
  PROJECT_LIMITS,
  stripSpaces,
} from "@hybridge/shared/projects/schemas";
import { ProjectsTexts, QuotaTexts } from "@hybridge/shared/projects/texts";
import { CircleCheck, LogIn } from "lucide-react";
import { type ChangeEvent, type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { Link, useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { UploadProgress } from "@/components/ui/upload-progress";
import { useSession } from "@/features/auth/api/use-session";
import { ApiError } from "@/lib/api-client";
import type { UploadProgress as Progress } from "@/lib/upload";
import { useAccountUsage } from "../api/use-account-usage";
import { useCodeAvailability } from "../api/use-code-availability";
import { useCreateProject } from "../api/use-create-project";
import { ColorInput } from "../components/color-input";
import { IconPicker, type PickedIcon } from "../components/icon-picker";

const NO_ICON: PickedIcon = { file: null, error: null };

/** What a failed creation says: the server's message, or the spec's fallback. */
export function creationErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.code === ErrorCodes.INTERNAL) {
    return ProjectsTexts.unknownError;
  }
  return error.message || ProjectsTexts.unknownError;
}

function Section({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  const id = `section-${step}`;
  return (
    <Card className="p-6">
      <section aria-labelledby={id} className="space-y-5">
        <h2 id={id} className="flex items-center gap-3 font-semibold text-lg text-slate-900">
          <span
            aria-hidden="true"
            className="flex size-7 items-center justify-center rounded-full bg-brand-700 text-sm text-white"
          >
            {step}
          </span>
          <span>
            <span className="sr-only">{step} </span>
            {title}
          </span>
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** /new-project: the new app form (spec section 5 'New app'). */
export function NewProjectPage() {
  const navigate = useNavigate();
  const session = useSession();
  const signedOut = session.data?.user === null;
  const [progress, setProgress] = useState<Progress | null>(null);
  const [launch, setLaunch] = useState<PickedIcon>(NO_ICON);
  const [notification, setNotification] = useState<PickedIcon>(NO_ICON);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateProject({ onProgress: setProgress });
  // MAX_PROJECTS_PER_USER (decision 035): said before the form is filled in for nothing.
  const usage = useAccountUsage({ enabled: session.data?.user != null });

  const form = useForm({
    resolver: zodResolver(CreateProjectInputSchema),
    defaultValues: {
      name: "",
      keyApp: "",
      description: "",
      navBarType: PROJECT_DEFAULTS.navBarType,
      color: PROJECT_DEFAULTS.color,
      statusbar: PROJECT_DEFAULTS.statusbar,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const code = form.watch("keyApp") ?? "";
  const codeValid = code !== "" && code.length <= PROJECT_LIMITS.keyApp;
  const availability = useCodeAvailability(code, {
    enabled: codeValid && session.data?.user != null,
  });
  const codeError =
    errors.keyApp?.message ??
    (code.length > PROJECT_LIMITS.keyApp
      ? ProjectsTexts.codeTooLong(PROJECT_LIMITS.keyApp)
      : availability.available === false
        ? ProjectsTexts.codeTaken
        : undefined);

  // Registered in the form's order: an empty submit focuses the first invalid field, the name.
  const name = form.register("name");
  const keyApp = form.register("keyApp");
  // Spaces vanish as they are typed; the caret stays where it was.
  const onCodeChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const caret = input.selectionStart ?? input.value.length;
    const before = stripSpaces(input.value.slice(0, caret)).length;
    const stripped = stripSpaces(input.value);
    if (stripped !== input.value) {
      input.value = stripped;
      input.setSelectionRange(before, before);
    }
    return keyApp.onChange(event);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (!session.data?.user) {
      setFailure(ProjectsTexts.mustBeLoggedInToCreate);
      toast.error(ProjectsTexts.mustBeLoggedInToCreate);
      return;
    }
    if (launch.error || notification.error) return;
    if (availability.available === false) {
      form.setError("keyApp", { message: ProjectsTexts.codeTaken }, { shouldFocus: true });
      return;
    }
    setProgress(null);
    try {
      const { project } = await create.mutateAsync({
        input: values,
        icLaunch: launch.file,
        icNotification: notification.file,
      });
      toast.success(ProjectsTexts.created);
      navigate(paths.settings(project.id));
    } catch (error) {
      const message = creationErrorMessage(error);
      if (
        error instanceof ApiError &&
        error.status === 409 &&
        message === ProjectsTexts.codeTaken
      ) {
        form.setError("keyApp", { message }, { shouldFocus: true });
      }
      setFailure(message);
      toast.error(message);
    }
  });

  const uploading = isSubmitting && (launch.file !== null || notification.file !== null);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <BackLink to={paths.home} className="mb-4" />
      <PageHeader title={ProjectsTexts.newTitle} description={ProjectsTexts.newLead} />

      {signedOut && (
        <Alert tone="info" className="mt-6" title={ProjectsTexts.mustBeLoggedInToCreate}>
          <Link
            to={paths.login}
            className="inline-flex items-center gap-1.5 font-semibold underline"
          >
            <LogIn aria-hidden="true" className="size-4" />
            {AuthTexts.signIn}
          </Link>
        </Alert>
      )}

      {usage.reached && usage.projects && (
        <Alert className="mt-6" title={QuotaTexts.tooManyProjects(usage.projects.limit)} />
      )}

      <form noValidate onSubmit={onSubmit} className="mt-8 space-y-6">
        <Section step={1} title={ProjectsTexts.projectStep}>
          <FormField label={ProjectsTexts.nameLabel} error={errors.name?.message}>
            <Input
              autoComplete="off"
              maxLength={PROJECT_LIMITS.name}
              placeholder={ProjectsTexts.namePlaceholder}
              {...name}
            />
          </FormField>
          <FormField
            label={ProjectsTexts.appCodeLabel}
            error={codeError}
            // "Checking…", then "available": read out as they come.
            hintLive
            hint={
              availability.checking ? (
                <span className="inline-flex items-center gap-1.5">
                  <Spinner className="size-3.5" /> {ProjectsTexts.checkingCode}
                </span>
              ) : availability.available ? (
                <span className="inline-flex items-center gap-1.5 text-brand-800">
                  <CircleCheck aria-hidden="true" className="size-4" />
                  {ProjectsTexts.codeAvailable}
                </span>
              ) : (
                ProjectsTexts.codeHint
              )
            }
          >
            {/* No maxLength: it would count the spaces that are stripped right after (a pasted
                code of 99 characters with 11 spaces would be cut to 80). The limit holds after
                stripping, below and in the schema. */}
            <Input
              autoComplete="off"
              spellCheck={false}
              placeholder={ProjectsTexts.codePlaceholder}
              className="font-mono"
              {...keyApp}
              onChange={onCodeChange}
            />
          </FormField>
          <FormField label={ProjectsTexts.descriptionLabel} error={errors.description?.message}>
            <Textarea
              maxLength={PROJECT_LIMITS.createDescription}
              rows={3}
              {...form.register("description")}
            />
          </FormField>
          <FormField label={ProjectsTexts.segmentLabel} error={errors.segment?.message}>
            <Select {...form.register("segment")} defaultValue="">
              <option value="">{ProjectsTexts.chooseSegment}</option>
              {SEGMENTS.map((segment) => (
                <option key={segment} value={segment}>
                  {SEGMENT_LABELS[segment]}
                </option>
              ))}
            </Select>
          </FormField>
        </Section>

        <Section step={2} title={ProjectsTexts.customizationStep}>
          <FormField label={ProjectsTexts.navBarLabel} error={errors.navBarType?.message}>
            <Select {...form.register("navBarType")}>
              {NAVBAR_TYPES.map((type) => (
                <option key={type} value={type}>
                  {NAVBAR_LABELS[type]}
                </option>
              ))}
            </Select>
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label={ProjectsTexts.themeColorLabel} error={errors.color?.message}>
              <ColorInput value={form.watch("color") ?? ""} {...form.register("color")} />
            </FormField>
            <FormField label={ProjectsTexts.statusBarColorLabel} error={errors.statusbar?.message}>
              <ColorInput value={form.watch("statusbar") ?? ""} {...form.register("statusbar")} />
            </FormField>
          </div>
          <IconPicker
            kind="launch"
            label={ProjectsTexts.launchIconLabel}
            value={launch}
            onChange={setLaunch}
            currentUrl={fileUrl(DEFAULT_ICONS.launch)}
            disabled={isSubmitting}
          />
          <IconPicker
            kind="notification"
            label={ProjectsTexts.notificationIconLabel}
            value={notification}
            onChange={setNotification}
            currentUrl={fileUrl(DEFAULT_ICONS.notification)}
            disabled={isSubmitting}
          />
        </Section>

        {uploading && (
          <UploadProgress
            progress={progress}
            label={ProjectsTexts.uploadingIcons}
            doneLabel={ProjectsTexts.creating}
          />
        )}
        {failure && <Alert>{failure}</Alert>}

        <div className="flex justify-end">
          <Button type="submit" size="lg" loading={isSubmitting} disabled={usage.reached}>
            {isSubmitting ? ProjectsTexts.createBusy : ProjectsTexts.createSubmit}
          </Button>
        </div>
      </form>
    </div>
  );
}
