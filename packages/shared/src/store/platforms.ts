import type { ModulePlatform } from "../common/enums";

/** The mobile systems a module runs on (a multiplatform module runs on both). */
export function moduleSystems(platform: ModulePlatform): Array<"android" | "ios"> {
  return platform === "multiplatform" ? ["android", "ios"] : [platform];
}

export const DEFAULT_MODULE_PLATFORM: ModulePlatform = "multiplatform";
