import { type BuildLogResponse, BuildLogResponseSchema } from "@hybridge/shared/builds/schemas";
import { useEffect, useRef, useState } from "react";
import { apiClient } from "@/lib/api-client";
import { buildsEndpoints } from "./endpoints";

/**
 * A build's log, read while `open`: every line so far, then only new ones each second while the
 * build is still queued or building.
 */
export function useBuildLog(projectId: string, buildId: string, open: boolean) {
  const [lines, setLines] = useState<BuildLogResponse["lines"]>([]);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const after = useRef(0);
  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    after.current = 0;
    setLines([]);
    setError(null);
    const read = async () => {
      try {
        const answer = await apiClient.get(
          buildsEndpoints.log(projectId, buildId, after.current),
          BuildLogResponseSchema,
        );
        if (stopped) return;
        setError(null);
        setStatus(answer.status);
        if (answer.lines.length > 0) {
          after.current = answer.lines[answer.lines.length - 1]?.seq ?? after.current;
          setLines((previous) => [...previous, ...answer.lines]);
        }
        if (answer.status === "pending" || answer.status === "building") {
          timer = setTimeout(read, 1000);
        }
      } catch (failure) {
        if (!stopped) setError(failure);
      }
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [open, projectId, buildId]);
  return { lines, status, error };
}
