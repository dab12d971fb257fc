// What the start needs after the database is open, loaded while it opens (main.ts,
// docs/decisions/026-server-performance.md): the production build puts this in its own chunk.
export { detectAndroidToolchain } from "@hybridge/agent/android";
export { startAgent } from "@hybridge/agent/runner";
export { buildApp } from "./app";
export { createEmbeddedAgent } from "./features/agents/manage-agents";
export { seedStore } from "./features/store/seed-store";
export { startFileSweeper } from "./platform/file-sweep";
