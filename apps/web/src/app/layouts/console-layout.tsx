import { ConsoleBar } from "./console-bar";
import { PageFrame } from "./root-layout";

/**
 * Every console page (My Projects, a project, its settings and update forms, new app, builds,
 * the store, the test console): the page frame with the console bar instead of the site's top
 * bar. A lazy route of its own, so that the public pages' first load never carries it
 * (docs/decisions/005-prerendering.md).
 */
export function ConsoleLayout() {
  return <PageFrame bar={<ConsoleBar />} />;
}
