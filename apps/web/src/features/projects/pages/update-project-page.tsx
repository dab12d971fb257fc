import { zodResolver } from "@hookform/resolvers/zod";
import { SEGMENTS } from "@hybridge/shared/common/enums";
import { paths } from "@hybridge/shared/common/paths";
import { SEGMENT_LABELS } from "@hybridge/shared/common/texts";
import type { IconKind } from "@hybridge/shared/files/icons";
import { FilesTexts } from "@hybridge/shared/files/texts";
import {
  PROJECT_LIMITS,
  type Project,
  UpdateColorInputSchema,
  UpdateDescriptionInputSchema,
  UpdateNameInputSchema,
  type UpdateProjectInput,
  UpdateSegmentInputSchema,
  UpdateStatusbarInputSchema,
} from "@hybridge/shared/projects/schemas";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { CircleAlert, CircleCheck } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { LoadingState } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { UploadProgress } from "@/components/ui/upload-progress";
import { useSession } from "@/features/auth/api/use-session";
import { SessionError } from "@/features/auth/components/session-error";
import { SignInCard } from "@/features/auth/components/sign-in-card";
import { ApiError } from "@/lib/api-client";
import type { UploadProgress as Progress } from "@/lib/upload";
import { useProject } from "../api/use-project";
import { useReplaceIcon, useUpdateProject } from "../api/use-update-project";
import { ColorInput } from "../components/color-input";
import { IconPicker, type PickedIcon } from "../components/icon-picker";

type Status = { tone: "success" | "error"; text: string };
type UpdatedKey = keyof typeof ProjectsTexts.updated;

/** What a failed update says (spec section 8's texts first). */
export function updateErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 401) return ProjectsTexts.notConnected;
  if (error.status === 404) return ProjectsTexts.invalidProjectId;
  if (error.status === 400 || error.status === 413) return error.message;
  return fallback;
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">{children}</div>
  );
}

/** /update-project/{id}: small forms, each saving one part of the project. */
export function UpdateProjectPage() {
  const { AppId = "" } = useParams();
  const session = useSession();
  if (session.isError) return <SessionError onRetry={() => void session.refetch()} />;
  if (session.isPending) return <LoadingState />;
  if (!session.data.user) {
    return (
      <Shell>
        <PageHeader title={ProjectsTexts.updateTitle} />
        <SignInCard text={ProjectsTexts.notConnected} />
      </Shell>
    );
  }
  return <UpdateView projectId={AppId} />;
}

function UpdateView({ projectId }: { projectId: string }) {
  const project = useProject(projectId);
  if (project.isPending) return <LoadingState label={ProjectsTexts.loadingProject} />;
  if (project.isError) {
    return (
      <Shell>
        <PageHeader title={ProjectsTexts.updateTitle} />
        <Alert className="mt-8">
          {updateErrorMessage(project.error, ProjectsTexts.updateError)}
        </Alert>
        <Button asChild variant="secondary" className="mt-4">
          <Link to={paths.home}>{ProjectsTexts.backToProjects}</Link>
        </Button>
      </Shell>
    );
  }
  const current = project.data.project;
  return (
    <Shell>
      <BackLink to={paths.project(current.id)} className="mb-4" />
      <PageHeader
        title={ProjectsTexts.updateTitle}
        description={
          <>
            {ProjectsTexts.updateLeadStart}{" "}
            <span className="font-medium text-slate-900">{current.name}</span>
            {ProjectsTexts.updateLeadEnd}
          </>
        }
      />
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <NameForm project={current} />
        <SegmentForm project={current} />
        <DescriptionForm project={current} />
        <ColorForm project={current} field="color" label={ProjectsTexts.themeColorLabel} />
        <ColorForm project={current} field="statusbar" label={ProjectsTexts.statusBarColorLabel} />
        <IconForm project={current} kind="launch" label={ProjectsTexts.launchIconLabel} />
        <IconForm
          project={current}
          kind="notification"
          label={ProjectsTexts.notificationIconLabel}
        />
      </div>
    </Shell>
  );
}

function StatusMessage({ status }: { status: Status | null }) {
  if (!status) return <p role="status" className="sr-only" />;
  const success = status.tone === "success";
  const Icon = success ? CircleCheck : CircleAlert;
  return (
    <p
      role={success ? "status" : "alert"}
      className={`flex items-start gap-1.5 text-sm ${success ? "text-brand-800" : "text-red-700"}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{status.text}</span>
    </p>
  );
}

function SmallForm({
  title,
  button,
  busy,
  status,
  onSubmit,
  className,
  children,
}: {
  title: string;
  button: string;
  busy: boolean;
  status: Status | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={`p-6 ${className ?? ""}`}>
      <form
        noValidate
        aria-label={title}
        onSubmit={onSubmit}
        className="flex h-full flex-col gap-4"
      >
        <h2 className="font-semibold text-slate-900">{title}</h2>
        <div className="flex-1 space-y-4">{children}</div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={busy}>
            {button}
          </Button>
          <StatusMessage status={status} />
        </div>
      </form>
    </Card>
  );
}

/**
 * Saves one field group; the form's own status says how it went. `submit` clears the status
 * first (a new attempt, even one that fails validation, never shows the last one's result) and
 * on success hands the server's project back, whose stored values the form then shows.
 */
function useSave(
  projectId: string,
  what: UpdatedKey,
  fallback: string = ProjectsTexts.updateError,
) {
  const update = useUpdateProject(projectId);
  const [status, setStatus] = useState<Status | null>(null);
  const save = async (input: UpdateProjectInput): Promise<Project | null> => {
    try {
      const { project } = await update.mutateAsync(input);
      setStatus({ tone: "success", text: ProjectsTexts.updated[what] });
      return project;
    } catch (error) {
      setStatus({ tone: "error", text: updateErrorMessage(error, fallback) });
      return null;
    }
  };
  const submit =
    (handle: (event: FormEvent<HTMLFormElement>) => Promise<void>) =>
    (event: FormEvent<HTMLFormElement>) => {
      setStatus(null);
      void handle(event);
    };
  return { save, submit, status };
}

function NameForm({ project }: { project: Project }) {
  const { save, submit, status } = useSave(project.id, "name");
  const form = useForm({
    resolver: zodResolver(UpdateNameInputSchema),
    defaultValues: { name: project.name },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <SmallForm
      title={ProjectsTexts.nameLabel}
      button={ProjectsTexts.updateButton(ProjectsTexts.nameLabel)}
      busy={isSubmitting}
      status={status}
      onSubmit={submit(
        form.handleSubmit(async (input) => {
          const saved = await save(input);
          if (saved) form.reset({ name: saved.name });
        }),
      )}
    >
      <FormField label={ProjectsTexts.appNameLabel} error={errors.name?.message}>
        <Input autoComplete="off" maxLength={PROJECT_LIMITS.name} {...form.register("name")} />
      </FormField>
    </SmallForm>
  );
}

function DescriptionForm({ project }: { project: Project }) {
  const { save, submit, status } = useSave(
    project.id,
    "description",
    ProjectsTexts.descriptionUpdateError,
  );
  const form = useForm({
    resolver: zodResolver(UpdateDescriptionInputSchema),
    defaultValues: { description: project.description },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <SmallForm
      title={ProjectsTexts.descriptionLabel}
      button={ProjectsTexts.updateButton(ProjectsTexts.descriptionLabel)}
      busy={isSubmitting}
      status={status}
      onSubmit={submit(
        form.handleSubmit(async (input) => {
          const saved = await save(input);
          // The description is stored trimmed: the box shows what was stored.
          if (saved) form.reset({ description: saved.description });
        }),
      )}
      className="md:col-span-2"
    >
      <FormField label={ProjectsTexts.appDescriptionLabel} error={errors.description?.message}>
        <Textarea
          rows={3}
          maxLength={PROJECT_LIMITS.updateDescription}
          {...form.register("description")}
        />
      </FormField>
    </SmallForm>
  );
}

function SegmentForm({ project }: { project: Project }) {
  const { save, submit, status } = useSave(project.id, "segment");
  const form = useForm({
    resolver: zodResolver(UpdateSegmentInputSchema),
    defaultValues: { segment: project.segment },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <SmallForm
      title={ProjectsTexts.segmentLabel}
      button={ProjectsTexts.updateButton(ProjectsTexts.segmentLabel)}
      busy={isSubmitting}
      status={status}
      onSubmit={submit(
        form.handleSubmit(async (input) => {
          const saved = await save(input);
          if (saved) form.reset({ segment: saved.segment });
        }),
      )}
    >
      <FormField label={ProjectsTexts.appSegmentLabel} error={errors.segment?.message}>
        <Select {...form.register("segment")}>
          {SEGMENTS.map((segment) => (
            <option key={segment} value={segment}>
              {SEGMENT_LABELS[segment]}
            </option>
          ))}
        </Select>
      </FormField>
    </SmallForm>
  );
}

function ColorForm({
  project,
  field,
  label,
}: {
  project: Project;
  field: "color" | "statusbar";
  label: string;
}) {
  const { save, submit, status } = useSave(project.id, field);
  const form = useForm<{ value: string }>({ defaultValues: { value: project[field] } });
  const { errors, isSubmitting } = form.formState;
  const validator = field === "color" ? UpdateColorInputSchema : UpdateStatusbarInputSchema;
  const onSubmit = form.handleSubmit(async ({ value: next }) => {
    const parsed = validator.safeParse({ [field]: next });
    if (!parsed.success) {
      form.setError("value", { message: parsed.error.issues[0]?.message });
      return;
    }
    const saved = await save(parsed.data);
    if (saved) form.reset({ value: saved[field] });
  });
  return (
    <SmallForm
      title={label}
      button={ProjectsTexts.updateButton(label)}
      busy={isSubmitting}
      status={status}
      onSubmit={submit(onSubmit)}
    >
      <FormField label={ProjectsTexts.newValueLabel(label)} error={errors.value?.message}>
        <ColorInput value={form.watch("value")} {...form.register("value")} />
      </FormField>
    </SmallForm>
  );
}

function IconForm({ project, kind, label }: { project: Project; kind: IconKind; label: string }) {
  const [picked, setPicked] = useState<PickedIcon>({ file: null, error: null });
  const [status, setStatus] = useState<Status | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  // A new key resets the file input once the icon is saved.
  const [version, setVersion] = useState(0);
  const replace = useReplaceIcon(project.id, kind, { onProgress: setProgress });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    if (!picked.file) {
      setStatus({ tone: "error", text: FilesTexts.fieldMustHaveFile });
      return;
    }
    if (picked.error) {
      setStatus({ tone: "error", text: picked.error });
      return;
    }
    setProgress(null);
    try {
      await replace.mutateAsync(picked.file);
      setPicked({ file: null, error: null });
      setVersion((v) => v + 1);
      setStatus({ tone: "success", text: ProjectsTexts.updated[kind] });
    } catch (error) {
      setStatus({ tone: "error", text: updateErrorMessage(error, ProjectsTexts.updateError) });
    }
  };

  return (
    <SmallForm
      title={label}
      button={ProjectsTexts.updateButton(label)}
      busy={replace.isPending}
      status={status}
      onSubmit={(event) => void onSubmit(event)}
    >
      <IconPicker
        key={version}
        kind={kind}
        label={ProjectsTexts.newValueLabel(label)}
        value={picked}
        onChange={setPicked}
        currentUrl={kind === "launch" ? project.icLaunchFileUrl : project.icNotificationFileUrl}
        disabled={replace.isPending}
      />
      {replace.isPending && (
        <UploadProgress
          progress={progress}
          label={ProjectsTexts.uploadingValue(label)}
          doneLabel={ProjectsTexts.saving}
        />
      )}
    </SmallForm>
  );
}
