import type { Build } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { ScrollText } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useBuildLog } from "../api/use-build-log";
import { StatusBadge } from "./status-badge";

/** "View log": the build's log in a dialog, following new lines while it builds. */
export function BuildLogButton({ build }: { build: Pick<Build, "id" | "projectId" | "version"> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        <ScrollText aria-hidden="true" className="size-4" />
        {BuildsTexts.viewLog}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-3xl">{open && <BuildLog build={build} />}</DialogContent>
      </Dialog>
    </>
  );
}

function BuildLog({ build }: { build: Pick<Build, "id" | "projectId" | "version"> }) {
  const log = useBuildLog(build.projectId, build.id, true);
  const end = useRef<HTMLDivElement>(null);
  const count = log.lines.length;
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView({ block: "end" });
  }, [count]);
  const live = log.status === "pending" || log.status === "building";
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <DialogTitle>{BuildsTexts.logTitle(build.version)}</DialogTitle>
        {log.status && <StatusBadge status={log.status} />}
      </div>
      <DialogDescription className="sr-only">{BuildsTexts.viewLog}</DialogDescription>
      {log.error ? (
        <p role="alert" className="mt-4 text-red-700 text-sm">
          {BuildsTexts.logLoadFailed} {errorMessage(log.error)}
        </p>
      ) : null}
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the keyboard must reach a scroll area to scroll it
        tabIndex={0}
        role="log"
        aria-live="polite"
        aria-label={BuildsTexts.logTitle(build.version)}
        className="mt-4 max-h-[60vh] overflow-auto rounded-xl bg-slate-950 p-4 font-mono text-slate-100 text-xs leading-relaxed"
      >
        {count === 0 && !log.error ? (
          <p className="text-slate-400">{log.status === null ? "…" : BuildsTexts.logEmpty}</p>
        ) : (
          <ol>
            {log.lines.map((line) => (
              <li key={line.seq} className="whitespace-pre-wrap break-all">
                {line.line}
              </li>
            ))}
          </ol>
        )}
        {live && (
          <div className="mt-2 flex items-center gap-2 text-slate-400">
            <Spinner className="size-3" />
          </div>
        )}
        <div ref={end} />
      </div>
      <div className="mt-4 flex justify-end">
        <DialogClose asChild>
          <Button variant="secondary">{BuildsTexts.close}</Button>
        </DialogClose>
      </div>
    </>
  );
}
