import { UpdatesEvents, updatesEventsPath } from "@hybridge/shared/updates/schemas";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { updatesKeys } from "./use-updates";

/** How long to wait before opening again a stream the server refused or ended for good. */
const REOPEN_DELAY_MS = 3_000;

/**
 * Keeps the Updates section's counts current while the page is open: the server's stream says
 * `updates-changed` (debounced per project) when a phone's check or report, a deploy, a rollout
 * or a rollback changes the project's updates, and the list is read again. On `ready` (first
 * connection and every reconnection) too, since what changed while not connected was not sent.
 */
export function useUpdatesLive(projectId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const refetch = () => queryClient.invalidateQueries({ queryKey: updatesKeys.list(projectId) });
    const open = () => {
      const current = new EventSource(updatesEventsPath(projectId));
      source = current;
      current.addEventListener(UpdatesEvents.ready, () => void refetch());
      current.addEventListener(UpdatesEvents.changed, () => void refetch());
      current.addEventListener("error", () => {
        // EventSource reconnects by itself, unless the server refused the stream: try later.
        if (current.readyState !== EventSource.CLOSED) return;
        reopen = setTimeout(open, REOPEN_DELAY_MS);
      });
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [projectId, queryClient]);
}
