import type { TestConfig, TestConsoleResponse } from "@hybridge/shared/test-console/schemas";
import type { testConfigs } from "../../platform/db/schema";
import { buildDevLink } from "./build-dev-payload";

type TestConfigRow = typeof testConfigs.$inferSelect;

/** A stored configuration as the API shows it to its tester. */
export function toTestConfig(row: TestConfigRow): TestConfig {
  return {
    tester: row.tester,
    keyCode: row.keyCode,
    navBarType: row.navBarType as TestConfig["navBarType"],
    statusBar: row.statusBar,
    network: row.network,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The console page's data: the project, the owner's app codes, the configuration, the QR. */
export function toConsoleView(options: {
  publicUrl: string;
  project: { keyApp: string; name: string };
  appCodes: string[];
  config: TestConfigRow;
}): TestConsoleResponse {
  const { publicUrl, project, appCodes, config } = options;
  return {
    project: { keyApp: project.keyApp, name: project.name },
    projects: appCodes,
    config: toTestConfig(config),
    devLink: buildDevLink({ publicUrl, appKey: project.keyApp, config }),
  };
}
