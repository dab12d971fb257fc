import { paths } from "@hybridge/shared/common/paths";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { routePatterns } from "./route-patterns";

describe("routePatterns", () => {
  it.each([
    ["project", paths.project, "id"],
    ["updateProject", paths.updateProject, "AppId"],
    ["settings", paths.settings, "id"],
    ["storeModule", paths.storeModule, "moduleId"],
    ["test", paths.test, "appkey"],
    ["install", paths.install, "appKey"],
    ["dev", paths.dev, "appKey"],
  ] as const)("%s matches the path built by paths.%s", (name, build, param) => {
    const value = "a b/c?d#e";
    // matchRoutes decodes the path the way the router does for the current location.
    const [match] = matchRoutes([{ path: routePatterns[name] }], build(value)) ?? [];
    expect(match?.params[param]).toBe(value);
  });
});
