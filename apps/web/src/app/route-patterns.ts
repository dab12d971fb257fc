/**
 * Router patterns for the pages with a parameter. Links are built with `paths` from
 * @hybridge/shared; route-patterns.test.ts checks that both agree.
 */
export const routePatterns = {
  project: "/project/:id",
  updateProject: "/update-project/:AppId",
  settings: "/settings/:id",
  storeModule: "/store/module/:moduleId",
  test: "/test/:appkey",
  install: "/install/:appKey",
  dev: "/dev/:appKey",
} as const;
