/** The test-console API's endpoints (same origin). */
export const testConsoleEndpoints = {
  console: (appKey: string) => `/api/test-console/${encodeURIComponent(appKey)}`,
} as const;
