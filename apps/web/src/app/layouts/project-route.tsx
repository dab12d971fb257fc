import { SigningKeySection } from "@/features/agents/components/signing-key-section";
import { UsersSection } from "@/features/app-users/components/users-section";
import { useRefetchLatestBuilds } from "@/features/builds/api/use-latest-build";
import { ProjectBuilds } from "@/features/builds/components/project-builds";
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
];

/**
 * /project/{id}: the projects feature's page, with the builds' platform cards (live), the
 * bundles' Web app section, its over-the-air Updates, the project's Database and its app Users, the agents' Android upload key and the
 * store's Modules section. Composed in the app layer because a feature never imports another
 * feature's internals (house style).
 */
export function ProjectRoute() {
  return <ProjectPage builds={ProjectBuilds} sections={SECTIONS} />;
}
