import { zodResolver } from "@hookform/resolvers/zod";
import { formatBuildDateTime } from "@hybridge/shared/builds/status-badge";
import {
  type CreateDeployTokenInput,
  CreateDeployTokenInputSchema,
  type CreateDeployTokenResponse,
  DEPLOY_TOKEN_VARIABLE,
  type DeployToken,
} from "@hybridge/shared/bundles/schemas";
import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import { UiTexts } from "@hybridge/shared/common/texts";
import { KeyRound, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { LoadFailed } from "@/components/ui/load-failed";
import { LoadingState } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useCreateDeployToken, useDeployTokens, useRevokeDeployToken } from "../api/use-bundles";

const T = BundlesTexts;

/**
 * The Web app section's deploy tokens: what `npm run deploy` (hybridge deploy) authenticates
 * with. Create one (its secret shown here once, with the line for the project's .env), the live
 * ones listed with their last use, revoke.
 */
export function DeployTokens({ projectId }: { projectId: string }) {
  const titleId = useId();
  const tokens = useDeployTokens(projectId);
  const create = useCreateDeployToken(projectId);
  const revoke = useRevokeDeployToken(projectId);
  const [created, setCreated] = useState<CreateDeployTokenResponse | null>(null);
  const [doomed, setDoomed] = useState<DeployToken | null>(null);
  const form = useForm<CreateDeployTokenInput>({
    resolver: zodResolver(CreateDeployTokenInputSchema),
    defaultValues: { name: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await create.mutateAsync(values);
      setCreated(answer);
      form.reset();
      toast.success(T.tokenCreated);
    } catch (error) {
      toast.error(errorMessage(error, T.tokenCreateFailed));
    }
  });

  return (
    <section aria-labelledby={titleId} className="mt-6 border-slate-100 border-t pt-5">
      <h3 id={titleId} className="flex items-center gap-2 font-semibold text-slate-900">
        <KeyRound aria-hidden="true" className="size-4 text-brand-700" />
        {T.tokensTitle}
      </h3>
      <p className="mt-1 text-slate-600 text-sm">{T.tokensLead}</p>

      <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row">
        <FormField
          label={T.tokenName}
          error={form.formState.errors.name?.message}
          className="sm:flex-1"
        >
          <Input
            placeholder={T.tokenNamePlaceholder}
            maxLength={64}
            autoComplete="off"
            {...form.register("name")}
          />
        </FormField>
        <Button type="submit" className="sm:mt-7 sm:self-start" loading={create.isPending}>
          {T.tokenCreate}
        </Button>
      </form>

      {created && <NewToken created={created} onDone={() => setCreated(null)} />}

      <div className="mt-4">
        {tokens.isPending ? (
          <LoadingState label={T.tokensTitle} />
        ) : tokens.isError ? (
          <LoadFailed
            size="sm"
            message={T.tokensLoadFailed}
            onRetry={() => void tokens.refetch()}
            retrying={tokens.isFetching}
          />
        ) : tokens.data.tokens.length === 0 ? (
          <p className="text-slate-500 text-sm">{T.tokensEmpty}</p>
        ) : (
          <ul aria-label={T.tokensTitle} className="divide-y divide-slate-100">
            {tokens.data.tokens.map((token) => (
              <li key={token.id} className="flex items-center justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900 text-sm">{token.name}</p>
                  <p className="text-slate-500 text-xs">
                    <code>{token.tokenPrefix}…</code> ·{" "}
                    {token.lastUsedAt ? (
                      <time dateTime={token.lastUsedAt}>
                        {T.tokenLastUsed(formatBuildDateTime(token.lastUsedAt))}
                      </time>
                    ) : (
                      T.tokenNeverUsed
                    )}
                  </p>
                </div>
                <Button size="sm" variant="ghost" onClick={() => setDoomed(token)}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  {T.tokenRevoke}
                  <span className="sr-only"> {token.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => {
          if (!open) setDoomed(null);
        }}
        icon={Trash2}
        title={T.tokenRevokeTitle}
        description={T.tokenRevokeConfirm}
        cancelLabel={UiTexts.cancel}
        confirmLabel={T.tokenRevoke}
        pending={revoke.isPending}
        onConfirm={() =>
          doomed &&
          revoke.mutate(doomed.id, {
            onSuccess: () => {
              setDoomed(null);
              toast.success(T.tokenRevoked);
            },
            onError: (error) => toast.error(errorMessage(error, T.tokenRevokeFailed)),
          })
        }
      />
    </section>
  );
}

/** The new token's secret, once, as the .env line `hybridge deploy` reads. */
function NewToken({ created, onDone }: { created: CreateDeployTokenResponse; onDone: () => void }) {
  const shown = useRef<HTMLElement>(null);
  const line = `${DEPLOY_TOKEN_VARIABLE}=${created.secret}`;
  return (
    <Alert tone="info" className="mt-3">
      <p>{T.tokenShownOnce}</p>
      <div className="mt-2 flex flex-col items-start gap-2 sm:flex-row sm:items-center">
        <code
          ref={shown}
          data-testid="deploy-token"
          className="block w-full min-w-0 break-all rounded-lg bg-white px-3 py-2 font-mono text-slate-900 text-xs ring-1 ring-slate-200 sm:flex-1"
        >
          {line}
        </code>
        <CopyButton text={line} label={T.tokenCopyLabel} shown={shown} />
        <Button size="sm" variant="secondary" onClick={onDone}>
          {T.tokenDone}
        </Button>
      </div>
    </Alert>
  );
}
