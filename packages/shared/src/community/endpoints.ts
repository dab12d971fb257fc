/** The community API's endpoints (same origin), for the server's routes and the web client. */
export const communityEndpoints = {
  join: "/api/community/join",
  beta: "/api/community/beta",
  earlyAdopters: "/api/community/early-adopters",
} as const;
