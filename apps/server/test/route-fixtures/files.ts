import type { RouteFixtures } from "./fixture";

export const filesFixtures: RouteFixtures = {
  "GET /api/files/*": { access: "owner", request: (s) => ({ params: { "*": s.launchIconKey } }) },
};
