import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The public pages' shared code: sections, video frame, snippets, their data. */
function isMarketingCode(id: string): boolean {
  return (
    /[\\/]features[\\/]marketing[\\/](components[\\/]|hooks[\\/]|content[\\/]page-meta\.ts$)|[\\/]shared[\\/]src[\\/]marketing[\\/]/.test(
      id,
    ) && !/[\\/]shared[\\/]src[\\/]marketing[\\/](site-texts|locale)\.ts$/.test(id)
  );
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // `@/…` is `src/…` (tsconfig.json's paths; also vitest.config.ts and scripts/build.mjs).
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: {
    port: 5173,
    strictPort: true,
    // The API keeps its own origin check (better-auth trusts http://localhost:5173), so the
    // proxy must not rewrite Origin/Host.
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
  // The pre-render build (scripts/build.mjs) runs the app in Node: our shared package is
  // TypeScript source, so it is bundled; npm packages load from node_modules.
  ssr: { noExternal: [/^@hybridge\//] },
  build: {
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        // Only the libraries of the first load (the shell) are grouped; a library that only a
        // lazy page uses (forms, dialogs…) stays with that page, so that the landing pages never
        // download the console's dependencies (docs/decisions/005-prerendering.md).
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie)[\\/]/,
              priority: 2,
            },
            { name: "vendor", test: /node_modules[\\/]/, tags: ["$initial"], priority: 1 },
            // Our own code of the first load (layout, UI pieces, session) in one file rather
            // than a dozen small ones shared with the pages. Not the entries: main.tsx, and the
            // public pages' Feedback dialog (scripts/build.mjs), which stays a file of its own.
            {
              name: "shell",
              test: (id) =>
                /[\\/]src[\\/]/.test(id) &&
                !/[\\/]src[\\/](main\.tsx|app[\\/]feedback-island\.tsx)$/.test(id),
              tags: ["$initial"],
              priority: 0,
            },
            // No group for lucide-react's icons: each goes with the page that draws it, or in a
            // small file shared by the pages that do. One chunk of all of them (69) put the
            // console's icons into the landing pages' first load (3.7 KiB gzip).
            // What the public pages share (sections, video frame, snippets): one file, cached
            // from one public page to the next. The layout's words (site-texts, locale) are the
            // shell's, loaded on every page.
            {
              name: "marketing",
              test: (id) => isMarketingCode(id),
              priority: 0,
            },
          ],
        },
      },
    },
  },
});
