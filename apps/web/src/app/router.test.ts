import { paths } from "@hybridge/shared/common/paths";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { prerenderedPages } from "@/features/marketing/content/prerendered-pages";
import { loadMatchedRoutes, routePathList, routes } from "./router";

describe("the route list", () => {
  it("lists every page path of the spec once, for the server's 404 decision", () => {
    const list = routePathList();
    expect(new Set(list).size).toBe(list.length);
    for (const path of [
      paths.landing,
      paths.landingFr,
      paths.join,
      paths.login,
      paths.signup,
      paths.resetPassword,
      paths.changePassword,
      paths.verifyEmail,
      paths.leave,
      paths.beta,
      paths.docs,
      paths.assistant,
      paths.privacy,
      paths.feedback,
      paths.welcome,
      paths.home,
      paths.newProject,
      paths.store,
      paths.addModule,
      paths.dash,
      paths.build,
      "/project/:id",
      "/update-project/:AppId",
      "/settings/:id",
      "/store/module/:moduleId",
      "/test/:appkey",
    ]) {
      expect(list, path).toContain(path);
    }
    expect(list).not.toContain("*");
  });

  it("pre-renders public pages only, each one a route of the list", () => {
    const list = routePathList();
    for (const page of prerenderedPages) expect(list).toContain(page.path);
    expect(prerenderedPages.map((page) => page.path)).toEqual([
      paths.landing,
      paths.landingFr,
      paths.docs,
      paths.privacy,
      paths.assistant,
      paths.welcome,
    ]);
  });

  it("loads the matched pages' chunks before the first render, and leaves the others lazy", async () => {
    await loadMatchedRoutes(paths.landingFr);
    const [fr] = (matchRoutes(routes, paths.landingFr) ?? []).slice(-1);
    const { LandingFrPage } = await import("@/features/marketing/pages/landing-fr-page");
    expect(fr?.route.lazy).toBeUndefined();
    expect(fr?.route.Component).toBe(LandingFrPage);

    const [home] = (matchRoutes(routes, paths.home) ?? []).slice(-1);
    expect(typeof home?.route.lazy).toBe("function");
  });
});
