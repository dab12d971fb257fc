import { ErrorCodes } from "@hybridge/shared/common/errors";
import { paths } from "@hybridge/shared/common/paths";
import { formatRelativeTime } from "@hybridge/shared/common/relative-time";
import { UiTexts } from "@hybridge/shared/common/texts";
import type { EarlyAdopter } from "@hybridge/shared/community/schemas";
import { CommunityTexts } from "@hybridge/shared/community/texts";
import { Inbox, LockKeyhole, Mail, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadFailed } from "@/components/ui/load-failed";
import { wrapAnywhere } from "@/components/ui/long-text";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingState } from "@/components/ui/spinner";
import { TextLink } from "@/components/ui/text-link";
import { useAdminVerification } from "@/features/auth/api/use-admin-verification";
import { useSession } from "@/features/auth/api/use-session";
import { AdminVerificationNotice } from "@/features/auth/components/admin-verification-notice";
import { errorMessage, isApiError } from "@/lib/api-client";
import { useEarlyAdopters } from "../api/use-early-adopters";

const T = CommunityTexts;

/** "Now", moved on every `intervalMs` so that relative times stay true while the page is open. */
function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * /dash (behind the login guard): the beta list, for admins only. An admin address not verified
 * yet gets the verification notice instead; anyone else, that the list is not for them.
 */
export function DashPage() {
  const session = useSession();
  const user = session.data?.user;
  const isAdmin = user?.isAdmin === true;
  const list = useEarlyAdopters({ enabled: isAdmin });
  const verification = useAdminVerification({ enabled: Boolean(user) && !isAdmin });
  const forbidden = !isAdmin || isApiError(list.error, ErrorCodes.FORBIDDEN);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader
        title={T.earlyAdoptersTitle}
        description={T.earlyAdoptersLead}
        actions={
          list.data && !forbidden ? (
            <span className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1.5 font-semibold text-brand-800 text-sm ring-1 ring-brand-200 ring-inset">
              <Users aria-hidden="true" className="size-4" />
              {T.earlyAdoptersCount(list.data.count)}
            </span>
          ) : undefined
        }
      />
      <div className="mt-8">
        {!isAdmin && verification.isLoading ? (
          <LoadingState label={T.loadingAccess} />
        ) : !isAdmin && user && verification.data?.pending ? (
          <AdminVerificationNotice email={user.email} />
        ) : forbidden ? (
          <NotAllowed />
        ) : list.isPending ? (
          <LoadingState label={T.loadingEarlyAdopters} />
        ) : list.isError ? (
          <LoadFailed
            message={errorMessage(list.error)}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : list.data.items.length === 0 ? (
          <EmptyState icon={Inbox} tone="muted">
            <p className="font-medium text-slate-800">{T.earlyAdoptersEmpty}</p>
          </EmptyState>
        ) : (
          <EarlyAdopterList items={list.data.items} />
        )}
      </div>
    </div>
  );
}

function NotAllowed() {
  return (
    <EmptyState icon={LockKeyhole} tone="warning" dashed={false}>
      <p className="font-medium text-slate-800">{T.earlyAdoptersForbidden}</p>
      <p className="text-slate-500 text-sm">
        {UiTexts.backTo} <TextLink to={paths.home}>{UiTexts.yourProjects}</TextLink>
      </p>
    </EmptyState>
  );
}

function EarlyAdopterList({ items }: { items: EarlyAdopter[] }) {
  const now = useNow();
  return (
    <Card>
      <ul aria-label={T.earlyAdoptersTitle} className="divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-4 px-5 py-3.5">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Mail aria-hidden="true" className="size-4" />
            </span>
            <a
              href={`mailto:${item.email}`}
              className="min-w-0 flex-1 rounded-sm font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2"
            >
              {/* Whole, wrapping where it must: a tooltip does not show on a phone. */}
              <span className={`block ${wrapAnywhere}`}>{item.email}</span>
            </a>
            <time
              dateTime={item.dateCreated}
              title={new Date(item.dateCreated).toLocaleString()}
              className="shrink-0 text-slate-500 text-sm"
            >
              {formatRelativeTime(item.dateCreated, now)}
            </time>
          </li>
        ))}
      </ul>
    </Card>
  );
}
