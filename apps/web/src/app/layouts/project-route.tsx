import { ProjectPage, type ProjectSection } from "../../features/builds/pages/project-page";
import { ProjectModules } from "../../features/store/components/project-modules";

/** What other features add under the project page's cards. */
const SECTIONS: readonly ProjectSection[] = [ProjectModules];

/**
 * /project/{id}: the projects feature's page, with the store's Modules section. Composed in
 * the app layer because a feature never imports another feature's internals (house style).
 */
export function ProjectRoute() {
  return <ProjectPage sections={SECTIONS} />;
}
