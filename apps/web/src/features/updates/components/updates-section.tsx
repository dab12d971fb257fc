import { formatBuildDateTime } from "@hybridge/shared/builds/status-badge";
import { formatStorageSize } from "@hybridge/shared/projects/quotas";
import type { Channel, Update } from "@hybridge/shared/updates/schemas";
import { UpdatesConsoleTexts } from "@hybridge/shared/updates/texts";
import { Pause, Play, TrendingUp, Undo2 } from "lucide-react";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { LoadFailed } from "@/components/ui/load-failed";
import { LoadingState } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useChangeUpdate, useRollbackChannel, useUpdates } from "../api/use-updates";
import { useUpdatesLive } from "../api/use-updates-live";
import { UpdatePreviewButton } from "./update-preview-dialog";

const T = UpdatesConsoleTexts;

/** What the owner is about to do, asked in a dialog first. */
type Pending =
  | { kind: "rollout"; update: Update }
  | { kind: "pause" | "resume"; update: Update }
  | { kind: "rollback"; channel: string; update: Update }
  | { kind: "embedded"; channel: string };

/**
 * The project page's "Updates" section (issue 27): each channel with its updates newest first,
 * their rollout and counts; roll out further, pause / resume, roll a channel back to an earlier
 * update or to the builds' embedded bundle — each confirmed in a dialog. Live: the counts follow
 * the phones' checks and reports without a reload.
 */
export function UpdatesSection({ projectId }: { projectId: string }) {
  const titleId = useId();
  const updates = useUpdates(projectId);
  useUpdatesLive(projectId);
  const [pending, setPending] = useState<Pending | null>(null);
  return (
    <Card role="region" aria-labelledby={titleId} className="p-6">
      <h2 id={titleId} className="font-semibold text-lg text-slate-900">
        {T.title}
      </h2>
      <p className="mt-1 text-slate-600 text-sm">{T.lead}</p>
      <div className="mt-4">
        {updates.isPending ? (
          <LoadingState label={T.loading} />
        ) : updates.isError ? (
          <LoadFailed
            size="sm"
            message={errorMessage(updates.error, T.loadFailed)}
            onRetry={() => void updates.refetch()}
            retrying={updates.isFetching}
          />
        ) : updates.data.channels.every((channel) => channel.updates.length === 0) ? (
          <p className="text-slate-500 text-sm">{T.empty}</p>
        ) : (
          updates.data.channels.map((channel) => (
            <ChannelBlock
              key={channel.name}
              appKey={updates.data.appKey}
              channel={channel}
              onAsk={setPending}
            />
          ))
        )}
      </div>
      {pending && (
        <PendingDialog projectId={projectId} pending={pending} onClose={() => setPending(null)} />
      )}
    </Card>
  );
}

function ChannelBlock({
  appKey,
  channel,
  onAsk,
}: {
  appKey: string;
  channel: Channel;
  onAsk: (pending: Pending) => void;
}) {
  const headingId = useId();
  const live = channel.updates.filter((update) => update.rolledBackAt === null);
  const newestLive = live[0];
  return (
    <section aria-labelledby={headingId} className="mt-4 first:mt-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-medium text-slate-900">
          {T.channelLabel(channel.name)}
        </h3>
        {live.length > 0 && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onAsk({ kind: "embedded", channel: channel.name })}
          >
            <Undo2 aria-hidden="true" className="size-4" />
            {T.rollBackEmbedded}
          </Button>
        )}
      </div>
      {live.length === 0 && channel.embeddedAt && (
        <p className="text-slate-500 text-sm">{T.channelEmbedded}</p>
      )}
      <ul aria-label={T.channelLabel(channel.name)} className="mt-2 divide-y divide-slate-100">
        {channel.updates.map((update) => (
          <UpdateRow
            key={update.id}
            appKey={appKey}
            update={update}
            canRollBackTo={
              update.rolledBackAt === null && newestLive !== undefined && update !== newestLive
            }
            onAsk={(kind) =>
              onAsk(
                kind === "rollback" ? { kind, channel: channel.name, update } : { kind, update },
              )
            }
          />
        ))}
      </ul>
    </section>
  );
}

function UpdateRow({
  appKey,
  update,
  canRollBackTo,
  onAsk,
}: {
  appKey: string;
  update: Update;
  canRollBackTo: boolean;
  onAsk: (kind: "rollout" | "pause" | "resume" | "rollback") => void;
}) {
  const withdrawn = update.rolledBackAt !== null;
  const label = T.updateLabel(update.message);
  const counts: [string, number][] = [
    [T.counts.asked, update.counts.asked],
    [T.counts.downloaded, update.counts.downloaded],
    [T.counts.applied, update.counts.applied],
    [T.counts.failed, update.counts.failed],
    [T.counts.rolledBack, update.counts.rolledBack],
  ];
  return (
    <li aria-label={label} className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{update.message || T.noMessage}</p>
        <p className="flex flex-wrap gap-x-3 text-slate-500 text-xs">
          <time dateTime={update.createdAt}>{formatBuildDateTime(update.createdAt)}</time>
          <span>
            {T.size} {formatStorageSize(update.size)}
          </span>
          <span>
            {T.rollout} {update.rolloutPercent} %
          </span>
          <span className="font-medium">
            {withdrawn ? T.rolledBack : update.paused ? T.paused : T.live}
          </span>
        </p>
        <dl className="mt-1 flex flex-wrap gap-x-3 text-slate-600 text-xs">
          {counts.map(([name, value]) => (
            <div key={name} className="flex gap-1">
              <dt>{name}</dt>
              <dd className="font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <UpdatePreviewButton update={update} appKey={appKey} />
      {!withdrawn && (
        <div className="flex shrink-0 flex-wrap gap-1">
          {update.rolloutPercent < 100 && (
            <Button size="sm" variant="ghost" onClick={() => onAsk("rollout")}>
              <TrendingUp aria-hidden="true" className="size-4" />
              {T.rollOutFurther}
              <span className="sr-only"> {label}</span>
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onAsk(update.paused ? "resume" : "pause")}
          >
            {update.paused ? (
              <Play aria-hidden="true" className="size-4" />
            ) : (
              <Pause aria-hidden="true" className="size-4" />
            )}
            {update.paused ? T.resume : T.pause}
            <span className="sr-only"> {label}</span>
          </Button>
          {canRollBackTo && (
            <Button size="sm" variant="ghost" onClick={() => onAsk("rollback")}>
              <Undo2 aria-hidden="true" className="size-4" />
              {T.rollBackTo}
              <span className="sr-only"> {label}</span>
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** Parses the rollout field: a whole percentage above the current one, at most 100. */
export function parseRollout(text: string, current: number): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const percent = Number(text.trim());
  return percent > current && percent <= 100 ? percent : null;
}

function PendingDialog({
  projectId,
  pending,
  onClose,
}: {
  projectId: string;
  pending: Pending;
  onClose: () => void;
}) {
  const fieldId = useId();
  const change = useChangeUpdate(projectId);
  const rollback = useRollbackChannel(projectId);
  const current = "update" in pending ? pending.update.rolloutPercent : 0;
  const [typed, setTyped] = useState(String(Math.min(100, Math.max(current + 1, 50))));
  const [invalid, setInvalid] = useState(false);
  const done = (message: string) => () => {
    onClose();
    toast.success(message);
  };
  const failed = (error: unknown) => toast.error(errorMessage(error, T.actionFailed));

  const confirm = () => {
    if (pending.kind === "rollout") {
      const percent = parseRollout(typed, current);
      setInvalid(percent === null);
      if (percent === null) return;
      change.mutate(
        { updateId: pending.update.id, change: { rolloutPercent: percent } },
        { onSuccess: done(T.rolledOut(percent)), onError: failed },
      );
    } else if (pending.kind === "pause" || pending.kind === "resume") {
      change.mutate(
        { updateId: pending.update.id, change: { paused: pending.kind === "pause" } },
        {
          onSuccess: done(pending.kind === "pause" ? T.pausedDone : T.resumedDone),
          onError: failed,
        },
      );
    } else if (pending.kind === "rollback") {
      rollback.mutate(
        { channel: pending.channel, rollback: { to: pending.update.id } },
        { onSuccess: done(T.rolledBackDone), onError: failed },
      );
    } else if (pending.kind === "embedded") {
      rollback.mutate(
        { channel: pending.channel, rollback: { to: "embedded" } },
        { onSuccess: done(T.rolledBackDone), onError: failed },
      );
    }
  };

  const dialog = {
    rollout: {
      icon: TrendingUp,
      title: T.rollOutTitle,
      text: T.rollOutText(current),
      label: T.rollOutConfirm,
    },
    pause: { icon: Pause, title: T.pauseTitle, text: T.pauseText, label: T.pause },
    resume: { icon: Play, title: T.resumeTitle, text: T.resumeText, label: T.resume },
    rollback: {
      icon: Undo2,
      title: T.rollBackToTitle,
      text: T.rollBackToText,
      label: T.rollBackConfirm,
    },
    embedded: {
      icon: Undo2,
      title: T.rollBackEmbeddedTitle,
      text: T.rollBackEmbeddedText,
      label: T.rollBackConfirm,
    },
  }[pending.kind];

  return (
    <ConfirmDialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      icon={dialog.icon}
      tone={pending.kind === "rollback" || pending.kind === "embedded" ? "warning" : "brand"}
      title={dialog.title}
      description={dialog.text}
      confirmLabel={dialog.label}
      pending={change.isPending || rollback.isPending}
      onConfirm={confirm}
    >
      {pending.kind === "rollout" && (
        <div className="mt-4 space-y-1.5">
          <label htmlFor={fieldId} className="block font-medium text-slate-900 text-sm">
            {T.rollOutLabel}
          </label>
          <Input
            id={fieldId}
            inputMode="numeric"
            value={typed}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${fieldId}-error` : undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              setInvalid(false);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") confirm();
            }}
          />
          {invalid && (
            <p id={`${fieldId}-error`} role="alert" className="text-red-600 text-sm">
              {T.rollOutInvalid(current)}
            </p>
          )}
        </div>
      )}
    </ConfirmDialog>
  );
}
