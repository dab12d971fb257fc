import {
  notificationIcon,
  uniqueCode,
  validFields,
} from "../../src/features/projects/test-support";
import type { RouteFixtures } from "./fixture";

export const projectsFixtures: RouteFixtures = {
  "GET /api/projects": { access: "none", request: () => ({}) },
  "GET /api/projects/code-available": {
    access: "none",
    request: () => ({ query: { code: uniqueCode() } }),
  },
  "POST /api/projects": {
    access: "none",
    multiLine: ["description"],
    request: () => ({ form: { fields: validFields() } }),
  },
  "GET /api/projects/:id": { access: "owner", request: (s) => ({ params: { id: s.project.id } }) },
  "GET /api/projects/usage": { access: "none", request: () => ({}) },
  "GET /api/projects/:id/usage": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "PATCH /api/projects/:id": {
    access: "owner",
    multiLine: ["description"],
    request: (s) => ({
      params: { id: s.project.id },
      body: { name: "Renamed", description: "A new description." },
    }),
  },
  // The notification icon: the files route serves the launch icon's key.
  "PUT /api/projects/:id/icons/:kind": {
    access: "owner",
    request: (s) => ({
      params: { id: s.project.id, kind: "notification" },
      form: { fields: {}, files: [{ ...notificationIcon(), name: "file" }] },
    }),
  },
  "GET /api/projects/:id/settings": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  // The Test Mode key's switch (decision 045), on the spare project: the seed's project keeps
  // its key working for the other routes whatever a case switches.
  "PUT /api/projects/:id/settings/test-key": {
    access: "owner",
    request: (s) => ({ params: { id: s.spareProjectId }, body: { enabled: true } }),
  },
  "POST /api/projects/:id/settings/database-key": {
    access: "owner",
    request: (s) => ({ params: { id: s.spareProjectId } }),
  },
  "POST /api/functions/encrypt": {
    access: "none",
    multiLine: ["texte"],
    request: () => ({ body: { texte: "a secret" } }),
  },
  "POST /api/functions/decrypt": {
    access: "none",
    request: (s) => ({ body: { texteChiffre: s.cipher } }),
  },
};
