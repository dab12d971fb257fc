export * from "./auth";
export * from "./builds";
export * from "./community";
export * from "./feedback";
export * from "./files";
export * from "./projects";
export * from "./store";
export * from "./test-console";
