import type { ComponentProps } from "react";
import { SigningKeySection } from "@/features/agents/components/signing-key-section";
import { UsersSection } from "@/features/app-users/components/users-section";
import { ActivitySection } from "@/features/audit/components/activity-section";
import { useRefetchLatestBuilds } from "@/features/builds/api/use-latest-build";
import { ProjectBuilds } from "@/features/builds/components/project-builds";
import { NextBundlePhoneWarnings } from "@/features/bundles/components/next-bundle-phone-warnings";
import { WebAppSection } from "@/features/bundles/components/web-app-section";
import { DatabaseSection } from "@/features/data/components/database-section";
import { ProjectPage, type ProjectSection } from "@/features/projects/pages/project-page";
import { ProjectModules } from "@/features/store/components/project-modules";
import { UpdatesSection } from "@/features/updates/components/updates-section";

/**
 * The agents' Android upload key. A key that changes fails the builds signed with the one that
 * went, so the builds' cards read theirs again.
 */
function SigningKey({ projectId }: { projectId: string }) {
  const refetchLatestBuilds = useRefetchLatestBuilds(projectId);
  return <SigningKeySection projectId={projectId} onKeyChange={refetchLatestBuilds} />;
}

/** What other features add under the project page's cards. */
const SECTIONS: readonly ProjectSection[] = [
  WebAppSection,
  UpdatesSection,
  DatabaseSection,
  UsersSection,
  SigningKey,
  ProjectModules,
  ActivitySection,
];

/**
 * /project/{id}: the projects feature's page, with the builds' platform cards (live), the
 * bundles' Web app section, its over-the-air Updates, the project's Database and its app Users, the agents' Android upload key and the
 * store's Modules section, then the audit log's Activity. Composed in the app layer because a feature never imports another
 * feature's internals (house style).
 */
export function ProjectRoute() {
  return <ProjectPage builds={BuildsWithPhoneWarnings} sections={SECTIONS} />;
}

/**
 * The builds' cards, after what would keep a phone from reaching the server (decision 058): said
 * before anything is built.
 */
function BuildsWithPhoneWarnings(props: ComponentProps<typeof ProjectBuilds>) {
  return (
    <>
      <NextBundlePhoneWarnings projectId={props.projectId} className="mt-8" />
      <ProjectBuilds {...props} />
    </>
  );
}
