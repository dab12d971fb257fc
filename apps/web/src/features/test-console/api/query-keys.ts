/** Every cached query of the test console; the update mutation writes into the same keys. */
export const testConsoleKeys = {
  all: ["test-console"] as const,
  console: (appKey: string) => ["test-console", appKey] as const,
};
