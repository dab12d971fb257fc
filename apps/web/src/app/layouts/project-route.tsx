import { ProjectBuilds } from "@/features/builds/components/project-builds";
import { SigningKeySection } from "@/features/builds/components/signing-key-section";
import { WebAppSection } from "@/features/bundles/components/web-app-section";
import { DatabaseSection } from "@/features/data/components/database-section";
import { ProjectPage, type ProjectSection } from "@/features/projects/pages/project-page";
import { ProjectModules } from "@/features/store/components/project-modules";

/** What other features add under the project page's cards. */
const SECTIONS: readonly ProjectSection[] = [
  WebAppSection,
  DatabaseSection,
  SigningKeySection,
  ProjectModules,
];

/**
 * /project/{id}: the projects feature's page, with the builds' platform cards (live), the
 * bundles' Web app section, the project's Database, the Android signing key and the store's
 * Modules section. Composed in the app layer because a feature never imports another feature's
 * internals (house style).
 */
export function ProjectRoute() {
  return <ProjectPage builds={ProjectBuilds} sections={SECTIONS} />;
}
