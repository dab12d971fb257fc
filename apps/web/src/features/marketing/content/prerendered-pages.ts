import { paths } from "@hybridge/shared/common/paths";
import { assistantMeta } from "./en/assistant";
import { docsMeta } from "./en/docs";
import { landingMeta } from "./en/landing";
import { welcomeMeta } from "./en/welcome";
import { landingFrMeta } from "./fr/landing";
import { privacyMeta } from "./fr/privacy";
import type { PageMeta } from "./page-meta";

/**
 * The public pages the build writes as HTML (scripts/build.mjs): their path, their <head>, and
 * the page module (under src/) whose chunk the HTML preloads.
 */
export const prerenderedPages: ReadonlyArray<{ path: string; meta: PageMeta; module: string }> = [
  { path: paths.landing, meta: landingMeta, module: "features/marketing/pages/landing-page.tsx" },
  {
    path: paths.landingFr,
    meta: landingFrMeta,
    module: "features/marketing/pages/landing-fr-page.tsx",
  },
  { path: paths.docs, meta: docsMeta, module: "features/marketing/pages/docs-page.tsx" },
  { path: paths.privacy, meta: privacyMeta, module: "features/marketing/pages/privacy-page.tsx" },
  {
    path: paths.assistant,
    meta: assistantMeta,
    module: "features/marketing/pages/assistant-page.tsx",
  },
  { path: paths.welcome, meta: welcomeMeta, module: "features/marketing/pages/welcome-page.tsx" },
];
