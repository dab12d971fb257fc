// @hybridge/app — the SDK of a Hybridge app: its project's database, navigation and device
// features. See the /docs page of your Hybridge server.

export { type AuthCredentials, auth, type HybridgeUser } from "./auth";
export { configure, type HybridgeConfig } from "./config";
export {
  type DocumentChange,
  db,
  type FieldOperation,
  type HybridgeDocument,
  type UpdateFields,
  type WatchOptions,
  type WriteOptions,
} from "./db";
export { device } from "./device";
export { HybridgeError } from "./errors";
export { nav } from "./nav";
export { Query, type QueryOp, type QueryPage, type SortDirection } from "./query";
export { type UpdateInfo, updates } from "./updates";
