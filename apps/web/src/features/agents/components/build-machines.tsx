import {
  AgentListResponseSchema,
  type CreateAgentResponse,
  CreateAgentResponseSchema,
} from "@hybridge/shared/agents/admin";
import { AgentsTexts } from "@hybridge/shared/agents/texts";
import { formatBuildDateTime } from "@hybridge/shared/builds/status-badge";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Server, Trash2 } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";
import { QueryStates, SectionCard } from "@/components/ui/section-card";
import { useSession } from "@/features/auth/api/use-session";
import { apiClient, errorMessage } from "@/lib/api-client";

const KEY = ["admin", "agents"] as const;

/**
 * /dash, for admins: the build machines — the server's own and those added here, whether they
 * are connected and what they build — adding one (its token shown once) and revoking one.
 */
export function BuildMachines() {
  const session = useSession();
  const isAdmin = session.data?.user?.isAdmin === true;
  const nameId = useId();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => apiClient.get("/api/admin/agents", AgentListResponseSchema),
    enabled: isAdmin,
    refetchInterval: 10_000,
  });
  const [name, setName] = useState("");
  const [apple, setApple] = useState(false);
  const [created, setCreated] = useState<CreateAgentResponse | null>(null);
  const shownToken = useRef<HTMLElement>(null);
  const create = useMutation({
    mutationFn: () =>
      apiClient.post(
        "/api/admin/agents",
        { name, platforms: apple ? ["apple"] : ["android"] },
        CreateAgentResponseSchema,
      ),
    onSuccess: (answer) => {
      setCreated(answer);
      setName("");
      toast.success(AgentsTexts.created);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiClient.delete(`/api/admin/agents/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast.success(AgentsTexts.revoked);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (!isAdmin) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate();
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-14 sm:px-6">
      <SectionCard icon={Server} title={AgentsTexts.title}>
        <div className="mt-4">
          <QueryStates query={list} label={AgentsTexts.title} failed={errorMessage}>
            {(data) => (
              <ul className="divide-y divide-slate-100">
                {data.agents.map((agent) => (
                  <li key={agent.id} className="flex items-center justify-between gap-3 py-3">
                    <div className="min-w-0 text-sm">
                      <p className="font-medium text-slate-900">
                        {agent.name}{" "}
                        <span className={agent.connected ? "text-brand-700" : "text-slate-500"}>
                          · {agent.connected ? AgentsTexts.connected : AgentsTexts.notConnected}
                        </span>
                      </p>
                      <p className="text-slate-500">
                        {agent.platforms.join(", ")} · <code>{agent.tokenPrefix}…</code>
                        {agent.lastSeenAt &&
                          ` · ${AgentsTexts.lastSeen(formatBuildDateTime(agent.lastSeenAt))}`}
                        {agent.busyWith &&
                          ` · ${AgentsTexts.buildingProject(agent.busyWith.projectName)}`}
                      </p>
                    </div>
                    {!agent.embedded && (
                      <Button
                        size="sm"
                        variant="danger-outline"
                        loading={revoke.isPending && revoke.variables === agent.id}
                        onClick={() => revoke.mutate(agent.id)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        {AgentsTexts.revoke}
                        <span className="sr-only"> {agent.name}</span>
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </QueryStates>
        </div>
        <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
          <div className="flex min-w-48 flex-1 flex-col gap-1 text-slate-700 text-sm">
            <label htmlFor={nameId}>{AgentsTexts.newMachineName}</label>
            <Input
              id={nameId}
              value={name}
              maxLength={64}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <label className="flex items-center gap-2 text-slate-700 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2"
              checked={apple}
              onChange={(event) => setApple(event.target.checked)}
            />
            {AgentsTexts.appleBuilds}
          </label>
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            {AgentsTexts.addMachine}
          </Button>
        </form>
        {created && (
          <p
            role="status"
            className="mt-4 break-all rounded-lg bg-amber-50 p-3 text-amber-900 text-sm ring-1 ring-amber-200 ring-inset"
          >
            {AgentsTexts.created}{" "}
            <code ref={shownToken} className="select-all font-semibold">
              {created.token}
            </code>
            <span className="my-2 block">
              <CopyButton
                text={created.token}
                label={AgentsTexts.tokenCopyLabel}
                shown={shownToken}
              />
            </span>
            <span className="text-amber-800">
              {AgentsTexts.runItThere}{" "}
              <code>{AgentsTexts.runCommand(window.location.origin, created.token)}</code>
            </span>
          </p>
        )}
      </SectionCard>
    </div>
  );
}
