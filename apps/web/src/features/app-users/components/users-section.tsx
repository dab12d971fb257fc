import type { ConsoleAppUser } from "@hybridge/shared/app-users/schemas";
import { AppUsersConsoleTexts } from "@hybridge/shared/app-users/texts";
import { formatBuildDateTime } from "@hybridge/shared/builds/status-badge";
import { UiTexts } from "@hybridge/shared/common/texts";
import { Ban, CircleCheck, KeyRound, Search, Trash2, UserRound, X } from "lucide-react";
import { Switch } from "radix-ui";
import { type FormEvent, useId, useRef, useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { LoadFailed } from "@/components/ui/load-failed";
import { TruncatedText } from "@/components/ui/long-text";
import { LoadingState } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import {
  useAppUsers,
  useAppUsersSettings,
  useDeleteAppUser,
  useSendAppUserReset,
  useSetAppUserDisabled,
  useUpdateAppUsersSettings,
} from "../api/use-app-users";

const T = AppUsersConsoleTexts;

/** What the owner is about to do to a user, asked in a dialog first. */
type Pending = { kind: "disable" | "delete" | "reset"; user: ConsoleAppUser };

/**
 * The project page's "Users" section: the people who signed up in the app (decision 043), newest
 * first, searched by e-mail, each disabled, enabled, deleted or mailed a password reset; and
 * whether sign-up asks them to verify their e-mail address.
 */
export function UsersSection({ projectId }: { projectId: string }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="p-6">
      <h2 id={titleId} className="font-semibold text-lg text-slate-900">
        {T.title}
      </h2>
      <p className="mt-1 text-slate-600 text-sm">{T.lead}</p>
      <VerifyEmailSetting projectId={projectId} />
      <Users projectId={projectId} />
    </Card>
  );
}

function VerifyEmailSetting({ projectId }: { projectId: string }) {
  const id = useId();
  const settings = useAppUsersSettings(projectId);
  const update = useUpdateAppUsersSettings(projectId);
  if (settings.isError) {
    return (
      <LoadFailed
        className="mt-4"
        size="sm"
        message={T.loadFailed}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  const checked = update.isPending
    ? (update.variables?.verifyEmail ?? false)
    : (settings.data?.verifyEmail ?? false);
  return (
    <div className="mt-4 flex items-start gap-3 rounded-lg border border-slate-200 p-3">
      <Switch.Root
        id={id}
        checked={checked}
        disabled={settings.isPending || update.isPending}
        aria-describedby={`${id}-hint`}
        onCheckedChange={(verifyEmail) =>
          update.mutate(
            { verifyEmail },
            {
              onSuccess: () => toast.success(verifyEmail ? T.verifyEmailOn : T.verifyEmailOff),
              onError: (error) => toast.error(errorMessage(error, T.actionFailed)),
            },
          )
        }
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand-700"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-slate-900 text-sm">
          {T.verifyEmailLabel}
        </label>
        <p id={`${id}-hint`} className="text-slate-500 text-sm">
          {T.verifyEmailHint}
        </p>
      </div>
    </div>
  );
}

function Users({ projectId }: { projectId: string }) {
  const searchId = useId();
  const [search, setSearch] = useState("");
  const [typed, setTyped] = useState("");
  const users = useAppUsers(projectId, search);
  const setDisabled = useSetAppUserDisabled(projectId);
  const remove = useDeleteAppUser(projectId);
  const sendReset = useSendAppUserReset(projectId);
  const [pending, setPending] = useState<Pending | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const all = users.data?.pages.flatMap((page) => page.users) ?? [];

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
  };
  const clear = () => {
    setTyped("");
    setSearch("");
  };
  const close = () => setPending(null);
  const failed = (error: unknown) => toast.error(errorMessage(error, T.actionFailed));

  const enable = (user: ConsoleAppUser) =>
    setDisabled.mutate(
      { userId: user.id, disabled: false },
      { onSuccess: () => toast.success(T.enabledDone(user.email)), onError: failed },
    );

  const confirm = () => {
    if (!pending) return;
    const { user } = pending;
    if (pending.kind === "disable") {
      setDisabled.mutate(
        { userId: user.id, disabled: true },
        {
          onSuccess: () => {
            close();
            toast.success(T.disabledDone(user.email));
          },
          onError: failed,
        },
      );
    } else if (pending.kind === "delete") {
      remove.mutate(user.id, {
        onSuccess: () => {
          close();
          toast.success(T.deletedDone(user.email));
          // Its row is gone: the keyboard goes on from the list.
          listRef.current?.focus();
        },
        onError: failed,
      });
    } else {
      sendReset.mutate(user.id, {
        onSuccess: () => {
          close();
          toast.success(T.resetSent(user.email));
        },
        onError: failed,
      });
    }
  };

  const dialog = pending
    ? {
        disable: {
          icon: Ban,
          tone: "warning" as const,
          title: T.disableTitle,
          text: T.disableText(pending.user.email),
          label: T.disable,
          busy: setDisabled.isPending,
        },
        delete: {
          icon: Trash2,
          tone: "danger" as const,
          title: T.deleteTitle,
          text: T.deleteText(pending.user.email),
          label: T.delete,
          busy: remove.isPending,
        },
        reset: {
          icon: KeyRound,
          tone: "brand" as const,
          title: T.resetTitle,
          text: T.resetText(pending.user.email),
          label: T.resetSend,
          busy: sendReset.isPending,
        },
      }[pending.kind]
    : null;

  return (
    <div className="mt-4">
      {/* biome-ignore lint/a11y/useSemanticElements: React and some browsers do not know <search> yet */}
      <form role="search" onSubmit={onSearch} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor={searchId} className="block font-medium text-slate-900 text-sm">
            {T.searchLabel}
          </label>
          <Input
            id={searchId}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={T.searchPlaceholder}
            maxLength={254}
            autoComplete="off"
          />
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" className="size-4" />
          {T.search}
        </Button>
        {search && (
          <Button variant="ghost" onClick={clear}>
            <X aria-hidden="true" className="size-4" />
            {T.clearSearch}
          </Button>
        )}
      </form>
      <div ref={listRef} tabIndex={-1} className="mt-4 focus:outline-none" aria-live="polite">
        {users.isPending ? (
          <LoadingState label={T.loading} />
        ) : users.isError ? (
          <LoadFailed
            size="sm"
            message={errorMessage(users.error, T.loadFailed)}
            onRetry={() => void users.refetch()}
            retrying={users.isFetching}
          />
        ) : all.length === 0 ? (
          <p className="text-slate-500 text-sm">{search ? T.noMatch : T.empty}</p>
        ) : (
          <ul aria-label={T.listLabel} className="divide-y divide-slate-100">
            {all.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                enabling={setDisabled.isPending && setDisabled.variables?.userId === user.id}
                onAsk={(kind) => setPending({ kind, user })}
                onEnable={() => enable(user)}
              />
            ))}
          </ul>
        )}
        {users.hasNextPage && (
          <div className="mt-3 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              loading={users.isFetchingNextPage}
              onClick={() => void users.fetchNextPage()}
            >
              {T.loadMore}
            </Button>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) close();
        }}
        icon={dialog?.icon}
        tone={dialog?.tone}
        title={dialog?.title}
        description={dialog?.text}
        cancelLabel={UiTexts.cancel}
        confirmLabel={dialog?.label}
        pending={dialog?.busy ?? false}
        onConfirm={confirm}
      />
    </div>
  );
}

function UserRow({
  user,
  enabling,
  onAsk,
  onEnable,
}: {
  user: ConsoleAppUser;
  enabling: boolean;
  onAsk: (kind: Pending["kind"]) => void;
  onEnable: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-center gap-3">
        <UserRound aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
        <div className="min-w-0">
          <TruncatedText text={user.email} className="font-medium text-slate-900" />
          <p className="flex flex-wrap gap-x-2 text-slate-500 text-xs">
            <span>
              {T.joined}{" "}
              <time dateTime={user.createdAt}>{formatBuildDateTime(user.createdAt)}</time>
            </span>
            <Badge tone={user.verified ? "brand" : "muted"}>
              {user.verified ? T.verified : T.unverified}
            </Badge>
            {user.disabled && <Badge tone="danger">{T.disabled}</Badge>}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-1">
        <Button size="sm" variant="ghost" title={T.sendReset} onClick={() => onAsk("reset")}>
          <KeyRound aria-hidden="true" className="size-4" />
          <span className="sr-only">
            {T.sendReset} {user.email}
          </span>
        </Button>
        {user.disabled ? (
          <Button size="sm" variant="ghost" loading={enabling} onClick={onEnable}>
            <CircleCheck aria-hidden="true" className="size-4" />
            {T.enable}
            <span className="sr-only"> {user.email}</span>
          </Button>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => onAsk("disable")}>
            <Ban aria-hidden="true" className="size-4" />
            {T.disable}
            <span className="sr-only"> {user.email}</span>
          </Button>
        )}
        <Button size="sm" variant="ghost" title={T.delete} onClick={() => onAsk("delete")}>
          <Trash2 aria-hidden="true" className="size-4" />
          <span className="sr-only">
            {T.delete} {user.email}
          </span>
        </Button>
      </div>
    </li>
  );
}

const badgeTones = {
  brand: "bg-brand-50 text-brand-800",
  muted: "bg-slate-100 text-slate-600",
  danger: "bg-red-50 text-red-700",
} as const;

function Badge({ tone, children }: { tone: keyof typeof badgeTones; children: string }) {
  return <span className={`rounded px-1.5 font-medium ${badgeTones[tone]}`}>{children}</span>;
}
