import type { ModulePlatform } from "../common/enums";

/** How each module platform is named to the user. */
export const MODULE_PLATFORM_LABELS: Record<ModulePlatform, string> = {
  multiplatform: "Multiplatform",
  android: "Android",
  ios: "iOS",
};

/** The mobile systems a module runs on (a multiplatform module runs on both). */
export function moduleSystems(platform: ModulePlatform): Array<"android" | "ios"> {
  return platform === "multiplatform" ? ["android", "ios"] : [platform];
}

export const DEFAULT_MODULE_PLATFORM: ModulePlatform = "multiplatform";
