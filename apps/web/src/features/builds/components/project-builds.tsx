import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { useProjectBuildsLive } from "../api/use-project-builds-live";
import { PlatformCard } from "./platform-card";

/** The App Store card first, as the spec lists them. */
const CARD_ORDER: BuildPlatform[] = ["apple", "android"];

/**
 * The project page's two stores' latest builds, live (the app layer gives it to the projects
 * feature's page). A stream the server refuses calls `onRefused`: the page checks its project
 * again and shows why.
 */
export function ProjectBuilds({
  projectId,
  onRefused,
}: {
  projectId: string;
  onRefused: () => void;
}) {
  useProjectBuildsLive(projectId, true, onRefused);
  return (
    <div className="mt-8 grid gap-6 md:grid-cols-2">
      {CARD_ORDER.map((platform) => (
        <PlatformCard key={platform} projectId={projectId} platform={platform} />
      ))}
    </div>
  );
}
