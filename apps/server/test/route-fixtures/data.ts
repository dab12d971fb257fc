import type { RouteFixtures } from "./fixture";
import { SAMPLE_PDF } from "./seed";

/** Declarations of the index route's valid requests, each on a field of its own. */
let declarations = 0;

/** A rule may span lines (the language reads them), so its five fields keep them. */
const RULES = ["list", "get", "create", "update", "delete"] as const;
const ORDER_RULES = {
  list: "doc.owner == auth.id",
  get: "doc.owner == auth.id",
  create: "data.owner == auth.id",
  update: "false",
  delete: "doc.owner == auth.id",
};

/** The database API (decision 027), whose credential is the project's key, and the console's view. */
export const dataFixtures: RouteFixtures = {
  "OPTIONS /api/v1/db/*": {
    access: "none",
    valid: 204,
    request: () => ({ params: { "*": "collections/orders/documents" } }),
  },
  "GET /api/v1/db/collections/:collection/documents": {
    access: "public",
    request: (s) => ({
      params: { collection: "orders" },
      query: { limit: "10" },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
  "POST /api/v1/db/collections/:collection/documents": {
    access: "public",
    multiLine: ["item"],
    request: (s) => ({
      params: { collection: "orders" },
      body: { item: "Latte" },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
  "POST /api/v1/db/collections/:collection/documents/file": {
    access: "public",
    multiLine: ["data"],
    request: (s) => ({
      params: { collection: "orders" },
      form: {
        fields: { data: '{"item":"Receipt"}' },
        files: [
          {
            name: "file",
            filename: "receipt.pdf",
            data: SAMPLE_PDF,
            contentType: "application/pdf",
          },
        ],
      },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
  "GET /api/v1/db/files/:name": {
    access: "public",
    request: (s) => ({ params: { name: s.dataFileName } }),
  },
  "GET /api/v1/db/collections/:collection/documents/:id": {
    access: "public",
    request: (s) => ({
      params: { collection: "orders", id: s.documentId },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
  "DELETE /api/v1/db/collections/:collection/documents/:id": {
    access: "public",
    request: (s) => ({
      params: { collection: "orders", id: s.documentId },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
  "PATCH /api/v1/db/collections/:collection/documents/:id": {
    access: "public",
    // A document's fields keep tabs and line breaks, an operation's field included.
    multiLine: ["item", "count"],
    request: (s) => ({
      params: { collection: "orders", id: s.writtenDocumentId },
      body: { item: "Latte", count: { $op: "increment", by: 1 } },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
  "PUT /api/v1/db/collections/:collection/documents/:id": {
    access: "public",
    multiLine: ["item"],
    request: (s) => ({
      params: { collection: "orders", id: s.writtenDocumentId },
      body: { item: "Mocha" },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
  "PATCH /api/projects/:id/data/collections/:collection/documents/:documentId": {
    access: "owner",
    multiLine: ["item"],
    request: (s) => ({
      params: { id: s.project.id, collection: "orders", documentId: s.writtenDocumentId },
      body: { item: "Flat white" },
    }),
  },
  "PUT /api/projects/:id/data/collections/:collection/documents/:documentId": {
    access: "owner",
    multiLine: ["item"],
    request: (s) => ({
      params: { id: s.project.id, collection: "orders", documentId: s.writtenDocumentId },
      body: { item: "Cortado" },
    }),
  },
  "GET /api/projects/:id/data/collections": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "GET /api/projects/:id/data/collections/:collection/documents": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, collection: "orders" }, query: { limit: "5" } }),
  },
  "DELETE /api/projects/:id/data/collections/:collection/documents/:documentId": {
    access: "owner",
    request: (s) => ({
      params: { id: s.project.id, collection: "orders", documentId: s.consoleDocumentId },
    }),
  },
  "POST /api/projects/:id/data/collections/:collection/documents": {
    access: "owner",
    multiLine: ["item"],
    request: (s) => ({
      params: { id: s.project.id, collection: "orders" },
      body: { item: "Mocha" },
    }),
  },
  "GET /api/projects/:id/data/collections/:collection/documents/:documentId": {
    access: "owner",
    request: (s) => ({
      params: { id: s.project.id, collection: "orders", documentId: s.writtenDocumentId },
    }),
  },
  "GET /api/v1/db/collections/:collection/events": {
    access: "public",
    valid: "skip",
    request: (s) => ({ params: { collection: "orders" }, query: { key: s.databaseKey } }),
  },
  "POST /api/v1/db/collections/:collection/query": {
    access: "public",
    request: (s) => ({
      params: { collection: "orders" },
      body: {
        where: [{ field: "item", op: "==", value: "Latte" }],
        orderBy: [{ field: "createdAt", direction: "asc" }],
        limit: 10,
      },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
  "POST /api/v1/db/collections/:collection/count": {
    access: "public",
    request: (s) => ({
      params: { collection: "orders" },
      body: { where: [{ field: "item", op: "!=", value: "Latte" }] },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
  "POST /api/projects/:id/data/collections/:collection/query": {
    access: "owner",
    request: (s) => ({
      params: { id: s.project.id, collection: "orders" },
      body: { where: [{ field: "item", op: "in", value: ["Latte", "Espresso"] }], limit: 5 },
    }),
  },
  "POST /api/projects/:id/data/collections/:collection/count": {
    access: "owner",
    request: (s) => ({
      params: { id: s.project.id, collection: "orders" },
      body: { where: [{ field: "item", op: ">=", value: "L" }] },
    }),
  },
  "GET /api/projects/:id/data/indexes": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "GET /api/projects/:id/data/collections/:collection/indexes": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, collection: "orders" } }),
  },
  "POST /api/projects/:id/data/collections/:collection/indexes": {
    access: "owner",
    valid: 202,
    // A field of its own each time: the same declaration twice is refused (409).
    request: (s) => ({
      params: { id: s.project.id, collection: "orders" },
      body: { fields: [{ field: `f${++declarations}`, mode: "asc" }] },
    }),
  },
  "DELETE /api/projects/:id/data/collections/:collection/indexes/:indexId": {
    access: "owner",
    request: (s) => ({
      params: { id: s.project.id, collection: "orders", indexId: s.indexId },
    }),
  },
  // Access rules (decision 044): the console's, and the deploy's by a deploy token.
  "GET /api/projects/:id/rules": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "PUT /api/projects/:id/rules/:collection": {
    access: "owner",
    multiLine: RULES,
    request: (s) => ({ params: { id: s.project.id, collection: "orders" }, body: ORDER_RULES }),
  },
  "DELETE /api/projects/:id/rules/:collection": {
    access: "owner",
    valid: 204,
    request: (s) => ({ params: { id: s.project.id, collection: "ruled" } }),
  },
  "POST /api/projects/:id/rules/test": {
    access: "owner",
    request: (s) => ({
      params: { id: s.project.id },
      body: {
        collection: "orders",
        action: "create",
        data: { owner: "someone" },
        rules: ORDER_RULES,
      },
    }),
  },
  "PUT /api/v1/rules": {
    access: "none",
    request: (s) => ({
      body: { rules: { orders: ORDER_RULES } },
      headers: { authorization: `Bearer ${s.rulesDeployToken}` },
    }),
  },
};
