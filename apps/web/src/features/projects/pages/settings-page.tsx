import { AuthTexts } from "@hybridge/shared/auth/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { paths } from "@hybridge/shared/common/paths";
import { createAppCommand, DATABASE_KEY_VARIABLE } from "@hybridge/shared/projects/install-command";
import type { ProjectSettings } from "@hybridge/shared/projects/schemas";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import {
  Fingerprint,
  FlaskConical,
  KeyRound,
  RefreshCw,
  Terminal,
  TriangleAlert,
} from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import toast from "react-hot-toast";
import { Link, useNavigate, useParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingState } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { useSession } from "@/features/auth/api/use-session";
import { SessionError } from "@/features/auth/components/session-error";
import { SignInCard } from "@/features/auth/components/sign-in-card";
import { ApiError, errorMessage, errorTextFor } from "@/lib/api-client";
import { serverAddress } from "@/lib/server-address";
import {
  useProjectSettings,
  useRegenerateDatabaseKey,
  useSetTestKeyEnabled,
} from "../api/use-project-settings";

/** /settings/{id}: the app's Test Mode key (shown once), how to start coding, and its id. */
export function SettingsPage() {
  const { id = "" } = useParams();
  const session = useSession();
  if (session.isError) return <SessionError onRetry={() => void session.refetch()} />;
  if (session.isPending) return <LoadingState />;
  if (!session.data.user) {
    return (
      <Shell>
        <PageHeader title={ProjectsTexts.settingsTitle} />
        <SignInCard text={AuthTexts.loginPrompt} />
      </Shell>
    );
  }
  return <SettingsView projectId={id} />;
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">{children}</div>;
}

function SettingsView({ projectId }: { projectId: string }) {
  const navigate = useNavigate();
  const settings = useProjectSettings(projectId, { enabled: true });
  const notFound =
    settings.isError &&
    settings.error instanceof ApiError &&
    (settings.error.status === 404 || settings.error.status === 400);

  useEffect(() => {
    if (!notFound) return;
    toast.error(ProjectsTexts.settingsNotFound, { id: "settings-not-found" });
    navigate(paths.newProject, { replace: true });
  }, [notFound, navigate]);

  if (settings.isPending || notFound) return <LoadingState label={ProjectsTexts.loadingSettings} />;
  if (settings.isError) {
    return (
      <Shell>
        <PageHeader title={ProjectsTexts.settingsTitle} />
        <Alert className="mt-8">{errorMessage(settings.error)}</Alert>
      </Shell>
    );
  }
  return <SettingsContent projectId={projectId} settings={settings.data.settings} />;
}

function Block({
  icon,
  title,
  children,
  aside,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Card className="p-6">
      <section aria-label={title} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="flex items-center gap-2 font-semibold text-slate-900">
            <span className="text-brand-700">{icon}</span>
            {title}
          </h2>
          {aside}
        </div>
        {children}
      </section>
    </Card>
  );
}

const codeBase =
  "block min-w-0 rounded-lg bg-slate-50 px-3 py-2.5 font-mono text-slate-900 text-sm ring-1 ring-slate-200";
/** Random ids and keys have no spaces: they wrap anywhere. */
const codeBox = `${codeBase} break-all`;

/**
 * A command, on one line as it is typed: never cut mid-word (a narrow screen scrolls it
 * sideways, and the box takes focus so that the keyboard scrolls it). Copy gives the whole of it.
 */
function CommandBlock({ text, copyLabel }: { text: string; copyLabel: string }) {
  const shown = useRef<HTMLElement>(null);
  return (
    <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center">
      <div className="w-full min-w-0 sm:flex-1">
        <CodeBlock label={copyLabel} className={`${codeBase} overflow-x-auto whitespace-pre`}>
          <code ref={shown}>{text}</code>
        </CodeBlock>
      </div>
      <CopyButton text={text} label={copyLabel} shown={shown} />
    </div>
  );
}

function SettingsContent({
  projectId,
  settings,
}: {
  projectId: string;
  settings: ProjectSettings;
}) {
  const key = settings.databaseKey;
  const keyShown = useRef<HTMLElement>(null);
  const command = createAppCommand(serverAddress(), settings.appKey);
  const envLine = `${DATABASE_KEY_VARIABLE}=${key ?? ProjectsTexts.keyPlaceholder}`;

  return (
    <Shell>
      <BackLink to={paths.project(projectId)} className="mb-4" />
      <PageHeader
        title={ProjectsTexts.settingsTitle}
        description={
          <>
            {ProjectsTexts.settingsLeadStart}{" "}
            <span className="font-medium text-slate-900">{settings.appName}</span>{" "}
            {ProjectsTexts.settingsLeadEnd}
          </>
        }
      />

      <div className="mt-8 space-y-6">
        {key ? (
          <Alert tone="error" title={ProjectsTexts.displayedOnce}>
            {ProjectsTexts.shownOnce}
          </Alert>
        ) : (
          <Alert tone="info">{ProjectsTexts.keyHidden}</Alert>
        )}

        <Block
          icon={<KeyRound aria-hidden="true" className="size-5" />}
          title={ProjectsTexts.databaseKeyTitle}
          aside={
            key ? (
              <CopyButton
                text={key}
                label={ProjectsTexts.copyLabels.databaseKey}
                shown={keyShown}
              />
            ) : (
              <RegenerateKeyDialog projectId={projectId} />
            )
          }
        >
          <code ref={keyShown} className={codeBox} data-testid="database-key">
            {key ?? settings.databaseKeyMasked}
          </code>
          <p className="mt-2 text-slate-600 text-sm">{ProjectsTexts.keyTestMode}</p>
          <TestKeySwitch projectId={projectId} enabled={settings.testKeyEnabled} />
        </Block>

        <Block
          icon={<Terminal aria-hidden="true" className="size-5" />}
          title={ProjectsTexts.installTitle}
        >
          <ol className="list-decimal space-y-4 pl-5 text-slate-700 text-sm marker:font-semibold marker:text-slate-500">
            <li>{ProjectsTexts.installOpenTerminal}</li>
            <li className="space-y-2">
              <p>{ProjectsTexts.installCreate}</p>
              <CommandBlock text={command} copyLabel={ProjectsTexts.copyLabels.command} />
            </li>
            <li className="space-y-2">
              <p>
                {ProjectsTexts.installEnvStart} <code className="font-mono">.env.development</code>{" "}
                {ProjectsTexts.installEnvEnd}
              </p>
              <CommandBlock text={envLine} copyLabel={ProjectsTexts.copyLabels.environmentLine} />
            </li>
          </ol>
        </Block>

        {/* After the key and the install steps: nothing asks for it today (issue 28). */}
        <ApplicationId appId={settings.appId} />

        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to={paths.test(settings.appKey)}>
              <FlaskConical aria-hidden="true" className="size-4" />
              {ProjectsTexts.openTestConsole}
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.project(projectId)}>{ProjectsTexts.goToProject}</Link>
          </Button>
        </div>
      </div>
    </Shell>
  );
}

/**
 * The spec's settings record carries the project id encrypted for its owner; nothing asks for it
 * today, so it is folded away under an explanation instead of sitting next to the key as if it
 * were needed.
 */
function ApplicationId({ appId }: { appId: string }) {
  const shown = useRef<HTMLElement>(null);
  return (
    <Block
      icon={<Fingerprint aria-hidden="true" className="size-5" />}
      title={ProjectsTexts.appIdTitle}
    >
      <p className="text-slate-600 text-sm">{ProjectsTexts.appIdExplanation}</p>
      <details className="rounded-lg border border-slate-200 bg-slate-50 text-sm">
        <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2">
          {ProjectsTexts.appIdShow}
        </summary>
        <div className="flex flex-col items-start gap-2 border-slate-200 border-t p-3 sm:flex-row sm:items-center">
          <code ref={shown} className={`${codeBox} w-full sm:flex-1`} data-testid="app-id">
            {appId}
          </code>
          <CopyButton text={appId} label={ProjectsTexts.copyLabels.appId} shown={shown} />
        </div>
      </details>
    </Block>
  );
}

/** The owner's switch of the Test Mode key (the server refuses it to anyone else). */
function TestKeySwitch({ projectId, enabled }: { projectId: string; enabled: boolean }) {
  const labelId = useId();
  const stateId = useId();
  const setEnabled = useSetTestKeyEnabled(projectId);
  const change = (next: boolean) =>
    setEnabled.mutate(
      { enabled: next },
      {
        onSuccess: ({ testKeyEnabled }) =>
          toast.success(
            testKeyEnabled ? ProjectsTexts.testKeySwitchedOn : ProjectsTexts.testKeySwitchedOff,
          ),
        onError: (error) =>
          toast.error(
            errorTextFor(
              error,
              { [ErrorCodes.NOT_FOUND]: true, [ErrorCodes.UNAUTHENTICATED]: true },
              ProjectsTexts.testKeySwitchFailed,
            ),
          ),
      },
    );
  return (
    <div className="mt-4 space-y-2 rounded-lg border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-4">
        <div>
          <p id={labelId} className="font-medium text-slate-900 text-sm">
            {ProjectsTexts.testKeySwitchLabel}
          </p>
          <p id={stateId} className="text-slate-700 text-sm" data-testid="test-key-state">
            {enabled ? ProjectsTexts.testKeyOn : ProjectsTexts.testKeyOff}
          </p>
        </div>
        <Switch
          checked={enabled}
          onCheckedChange={change}
          disabled={setEnabled.isPending}
          aria-labelledby={labelId}
          aria-describedby={stateId}
        />
      </div>
      <p className="text-slate-600 text-sm">{ProjectsTexts.testKeySwitchHint}</p>
    </div>
  );
}

function RegenerateKeyDialog({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  const regenerate = useRegenerateDatabaseKey(projectId);
  const confirm = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast.success(ProjectsTexts.regenerated);
      },
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) regenerate.reset();
      }}
      trigger={
        <Button variant="secondary" size="sm">
          <RefreshCw aria-hidden="true" className="size-4" />
          {ProjectsTexts.regenerate}
        </Button>
      }
      icon={TriangleAlert}
      tone="warning"
      title={ProjectsTexts.regenerateTitle}
      description={ProjectsTexts.regenerateWarning}
      error={
        regenerate.isError &&
        errorTextFor(
          regenerate.error,
          { [ErrorCodes.NOT_FOUND]: true, [ErrorCodes.UNAUTHENTICATED]: true },
          ProjectsTexts.regenerateFailed,
        )
      }
      confirmLabel={ProjectsTexts.regenerateConfirm}
      pending={regenerate.isPending}
      onConfirm={confirm}
    />
  );
}
