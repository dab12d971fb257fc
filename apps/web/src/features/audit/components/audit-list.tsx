import type { AuditEvent, AuditPage } from "@hybridge/shared/audit/schemas";
import { AuditTexts } from "@hybridge/shared/audit/texts";
import { formatBuildDateTime } from "@hybridge/shared/builds/status-badge";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { LoadFailed } from "@/components/ui/load-failed";
import { wrapAnywhere } from "@/components/ui/long-text";
import { LoadingState } from "@/components/ui/spinner";

/**
 * A list of audit events, newest first: who did what, on what, and when; "Show older" loads the
 * next page. `showProject`: the admins' list names each event's project.
 */
export function AuditList({
  pages,
  showProject = false,
}: {
  pages: UseInfiniteQueryResult<InfiniteData<AuditPage>>;
  showProject?: boolean;
}) {
  if (pages.isPending) return <LoadingState label={AuditTexts.title} />;
  if (pages.isError) {
    return (
      <LoadFailed
        size="sm"
        message={AuditTexts.loadFailed}
        onRetry={() => void pages.refetch()}
        retrying={pages.isFetching}
      />
    );
  }
  const events = pages.data.pages.flatMap((page) => page.events);
  if (events.length === 0) return <p className="text-slate-500 text-sm">{AuditTexts.empty}</p>;
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {events.map((event) => (
          <AuditRow key={event.id} event={event} showProject={showProject} />
        ))}
      </ul>
      {pages.hasNextPage && (
        <Button
          className="mt-3"
          size="sm"
          variant="secondary"
          loading={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {AuditTexts.more}
        </Button>
      )}
    </>
  );
}

function AuditRow({ event, showProject }: { event: AuditEvent; showProject: boolean }) {
  const detail = AuditTexts.detail(event.details);
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2 text-sm">
      <span className={`text-slate-900 ${wrapAnywhere}`}>
        {AuditTexts.sentence(event.actorName, event.action)}
        {detail && <span className="text-slate-500"> · {detail}</span>}
        {showProject && event.projectName && (
          <span className="text-slate-500"> · {event.projectName}</span>
        )}
      </span>
      <time dateTime={event.time} className="text-slate-500">
        {formatBuildDateTime(event.time)}
      </time>
    </li>
  );
}
