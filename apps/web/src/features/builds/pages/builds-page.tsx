import type { BuildListItem } from "@hybridge/shared/builds/schemas";
import { BuildsTexts, PLATFORM_LABELS } from "@hybridge/shared/builds/texts";
import { BUILD_PLATFORMS, type BuildPlatform } from "@hybridge/shared/common/enums";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { paths } from "@hybridge/shared/common/paths";
import { useQueryClient } from "@tanstack/react-query";
import { Tabs } from "radix-ui";
import { useState } from "react";
import toast from "react-hot-toast";
import {
  DevelopmentBuildNote,
  PhoneAddressWarnings,
} from "@/components/phone-address/phone-address-notes";
import { BackLink } from "@/components/ui/back-link";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { errorTextFor } from "@/lib/api-client";
import { buildsKeys } from "../api/query-keys";
import { useBuilds } from "../api/use-builds";
import { usePublishBuild } from "../api/use-publish-build";
import { BuildList } from "../components/build-list";
import { PublishBuildDialog } from "../components/publish-build-dialog";

const isPlatform = (value: string): value is BuildPlatform =>
  (BUILD_PLATFORMS as readonly string[]).includes(value);

/**
 * A refused publication (409: not pending any more, or its version is already published) says
 * why, in the server's words; any other failure gets the spec's text.
 */
const PUBLISH_ERRORS = { [ErrorCodes.CONFLICT]: true } as const;

/** Builds history (/build): the user's Android and Apple builds; Apple loads on first switch. */
export function BuildsPage() {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<BuildPlatform>("android");
  const [opened, setOpened] = useState<ReadonlySet<BuildPlatform>>(() => new Set(["android"]));
  const queries = {
    android: useBuilds("android", { enabled: opened.has("android") }),
    apple: useBuilds("apple", { enabled: opened.has("apple") }),
  };
  const publish = usePublishBuild();
  const [confirming, setConfirming] = useState<BuildListItem | null>(null);

  const switchTo = (value: string) => {
    if (!isPlatform(value)) return;
    setTab(value);
    setOpened((previous) => (previous.has(value) ? previous : new Set(previous).add(value)));
  };

  const confirm = (build: BuildListItem) =>
    publish.mutate(build.id, {
      onSuccess: () => toast.success(BuildsTexts.publishDone),
      onError: (error) => {
        toast.error(errorTextFor(error, PUBLISH_ERRORS, BuildsTexts.publishFailed));
        // It may have changed elsewhere (published in another tab): show what is true now.
        void queryClient.invalidateQueries({ queryKey: buildsKeys.list(build.platform) });
      },
      onSettled: () => setConfirming(null),
    });

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <BackLink to={paths.home} className="mb-4">
        {BuildsTexts.back}
      </BackLink>
      <PageHeader title={BuildsTexts.historyTitle} description={BuildsTexts.historyLead} />
      <PhoneAddressWarnings className="mt-6" />
      <DevelopmentBuildNote className="mt-6" />
      <Tabs.Root value={tab} onValueChange={switchTo} className="mt-8">
        <Tabs.List
          aria-label={BuildsTexts.platformTabsLabel}
          className="inline-flex gap-1 rounded-xl bg-slate-100 p-1"
        >
          {BUILD_PLATFORMS.map((platform) => (
            <Tabs.Trigger
              key={platform}
              value={platform}
              className="rounded-lg px-4 py-1.5 font-medium text-slate-600 text-sm transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
            >
              {PLATFORM_LABELS[platform]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {BUILD_PLATFORMS.map((platform) => (
          <Tabs.Content
            key={platform}
            value={platform}
            // A Tab stop (Radix), so a visible one.
            className="mt-4 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-4"
          >
            <Card>
              <BuildList platform={platform} query={queries[platform]} onPublish={setConfirming} />
            </Card>
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <PublishBuildDialog
        build={confirming}
        publishing={publish.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      />
    </div>
  );
}
