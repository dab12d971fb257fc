import { randomBytes } from "node:crypto";
import { uniqueEmail } from "../test-app";
import type { RouteFixtures } from "./fixture";

/** The join form takes e-mails of up to 35 characters. */
const shortEmail = () => `j${randomBytes(6).toString("hex")}@example.test`;

export const communityFixtures: RouteFixtures = {
  "POST /api/community/join": {
    access: "none",
    multiLine: ["description"],
    request: () => ({
      body: {
        name: "Ada",
        description: "An app for my shop.",
        segment: "ecommerce",
        email: shortEmail(),
        country: "France",
      },
    }),
  },
  "POST /api/community/beta": {
    access: "none",
    request: () => ({ body: { email: uniqueEmail("beta") } }),
  },
  // The owner is no admin.
  "GET /api/community/early-adopters": { access: "none", valid: 403, request: () => ({}) },
};
