/**
 * The live channel a project page listens to: each platform's latest build, announced by the
 * watcher (watch-latest-builds.ts) whenever the builds table's trigger reports a change.
 */
export const projectBuildsChannel = (projectId: string) => `project:${projectId}:builds`;
