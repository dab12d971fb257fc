import { BuildEvents, BuildSchema } from "@hybridge/shared/builds/schemas";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent } from "react";
import { buildsEndpoints } from "./endpoints";
import { buildsKeys } from "./query-keys";
import { writeLatestBuild } from "./use-latest-build";

/** How long to wait before opening again a stream the server refused or ended for good. */
const REOPEN_DELAY_MS = 3_000;

/**
 * Keeps the project's latest builds current while the page is open: a server-sent-event stream
 * writes every `build-changed` into the query cache. On `ready` (first connection and every
 * reconnection) the latest builds are refetched, since what changed while not connected was
 * not sent. A stream the server refused (401, 404) calls `onRefused`, for the page to check the
 * project again.
 */
export function useProjectBuildsLive(
  projectId: string,
  enabled: boolean,
  onRefused: () => void = () => {},
) {
  const queryClient = useQueryClient();
  const refused = useEffectEvent(onRefused);

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const refetchLatest = () =>
      queryClient.invalidateQueries({ queryKey: buildsKeys.latestAll(projectId) });

    const open = () => {
      const current = new EventSource(buildsEndpoints.events(projectId));
      source = current;
      current.addEventListener(BuildEvents.ready, () => void refetchLatest());
      current.addEventListener(BuildEvents.changed, (event) => {
        const parsed = BuildSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
        if (!parsed.success || parsed.data.projectId !== projectId) {
          void refetchLatest();
          return;
        }
        writeLatestBuild(queryClient, parsed.data);
        void queryClient.invalidateQueries({ queryKey: buildsKeys.list(parsed.data.platform) });
      });
      current.addEventListener("error", () => {
        // EventSource reconnects by itself, unless the server refused the stream (401, 404):
        // then check the project again (the page shows why) and try again later.
        if (current.readyState !== EventSource.CLOSED) return;
        void queryClient.invalidateQueries({ queryKey: buildsKeys.project(projectId) });
        refused();
        reopen = setTimeout(open, REOPEN_DELAY_MS);
      });
    };
    open();

    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [projectId, enabled, queryClient]);
}
