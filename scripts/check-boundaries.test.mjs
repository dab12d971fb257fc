import { describe, expect, it } from "vitest";
import { findBreaches, importsOf } from "./check-boundaries.mjs";

/** The breaches of one file holding `code`, as "line: specifier". */
const breachesOf = (file, code) =>
  findBreaches([[file, code]]).map((found) => `${found.line}: ${found.specifier}`);

describe("importsOf", () => {
  it("finds static, multi-line, type, re-exported, dynamic and mocked imports with their line", () => {
    const code = [
      'import { a } from "./a";',
      "import {",
      "  b,",
      '} from "../b";',
      'import type { C } from "@/c";',
      'export { d } from "./d";',
      'import "./e.css";',
      'const page = () => import("../f");',
      'vi.mock("../g");',
    ].join("\n");
    expect(importsOf(code)).toEqual([
      { specifier: "./a", line: 1 },
      { specifier: "../b", line: 4 },
      { specifier: "@/c", line: 5 },
      { specifier: "./d", line: 6 },
      { specifier: "./e.css", line: 7 },
      { specifier: "../f", line: 8 },
      { specifier: "../g", line: 9 },
    ]);
  });
});

describe("findBreaches", () => {
  it("refuses a web feature importing another feature's internals, relative or through @/", () => {
    const file = "apps/web/src/features/projects/pages/project-page.tsx";
    const code = [
      'import { PlatformCard } from "../../builds/components/platform-card";',
      'import { useLatestBuild } from "@/features/builds/api/use-latest-build";',
      'import { useProject } from "../api/use-project";',
      'import { Button } from "@/components/ui/button";',
      'import { paths } from "@hybridge/shared/common/paths";',
      'import { useQuery } from "@tanstack/react-query";',
    ].join("\n");
    const found = findBreaches([[file, code]]);
    expect(found.map((breach) => breach.line)).toEqual([1, 2]);
    expect(found[0]?.reason).toContain("features/projects may not import features/builds");
  });

  it("lets every web feature read auth's session and sign-in card, and nothing else of auth", () => {
    const file = "apps/web/src/features/store/pages/store-page.tsx";
    expect(
      breachesOf(
        file,
        [
          'import { useSession } from "@/features/auth/api/use-session";',
          'import { SignInCard } from "@/features/auth/components/sign-in-card";',
          'import { authEndpoints } from "@/features/auth/api/endpoints";',
        ].join("\n"),
      ),
    ).toEqual(["3: @/features/auth/api/endpoints"]);
  });

  it("keeps the web's UI pieces and lib below the features, and the features below app/", () => {
    expect(
      breachesOf("apps/web/src/lib/api-client.ts", 'import { x } from "../features/auth/api/x";'),
    ).toEqual(["1: ../features/auth/api/x"]);
    expect(
      breachesOf("apps/web/src/components/ui/button.tsx", 'import { y } from "@/app/router";'),
    ).toEqual(["1: @/app/router"]);
    expect(
      breachesOf("apps/web/src/features/store/api/z.ts", 'import { routes } from "@/app/router";'),
    ).toEqual(["1: @/app/router"]);
    // The app layer composes features.
    expect(
      breachesOf(
        "apps/web/src/app/layouts/project-route.tsx",
        'import { ProjectBuilds } from "@/features/builds/components/project-builds";',
      ),
    ).toEqual([]);
  });

  it("refuses a server feature importing another feature or app.ts, and platform importing a feature", () => {
    expect(
      breachesOf(
        "apps/server/src/features/agents/routes.ts",
        [
          'import { toBuild } from "../builds/build-view";',
          'import { findOwnedProject } from "../../platform/owned-project";',
          'import { buildApp } from "../../app";',
        ].join("\n"),
      ),
    ).toEqual(["1: ../builds/build-view", "3: ../../app"]);
    expect(
      breachesOf(
        "apps/server/src/platform/quotas.ts",
        'import { requestBuild } from "../features/builds/request-build";',
      ),
    ).toEqual(["1: ../features/builds/request-build"]);
  });

  it("lets tests use any feature's fixtures (test-support.ts), and only those", () => {
    const code = [
      'import { seedBuild } from "../features/builds/test-support";',
      'import { newAgentToken } from "../features/agents/agent-auth";',
    ].join("\n");
    expect(breachesOf("apps/server/src/platform/quotas.test.ts", code)).toEqual([
      "2: ../features/agents/agent-auth",
    ]);
    // Outside a test, fixtures are internals like the rest.
    expect(breachesOf("apps/server/src/platform/quotas.ts", code)).toHaveLength(2);
  });

  it("keeps packages/ and the build agent out of the apps' code", () => {
    expect(
      breachesOf(
        "packages/shared/src/builds/schemas.ts",
        'import { x } from "../../../../apps/server/src/platform/config";',
      ),
    ).toEqual(["1: ../../../../apps/server/src/platform/config"]);
    expect(
      breachesOf(
        "apps/agent/src/client.ts",
        [
          'import { ClaimResponseSchema } from "@hybridge/shared/agents/protocol";',
          'import { claimBuild } from "../../server/src/features/agents/build-queue";',
        ].join("\n"),
      ),
    ).toEqual(["2: ../../server/src/features/agents/build-queue"]);
  });
});
