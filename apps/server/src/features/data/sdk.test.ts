import { configure, db, HybridgeError } from "@hybridge/app/db";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { DataTexts } from "@hybridge/shared/data/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import { authed, createTestProject } from "../projects/test-support";

// The SDK (@hybridge/app) against a real server, as an app calls it.
let app: TestApp;
let base: string;
let key: string;
beforeAll(async () => {
  app = await createTestApp();
  base = await app.listen({ port: 0, host: "127.0.0.1" });
  const owner = await createTestUser(app);
  const project = await createTestProject(app, owner.cookie);
  const settings = await app.inject({
    url: `/api/projects/${project.id}/settings`,
    headers: authed(owner.cookie),
  });
  key = settings.json().settings.databaseKey;
});
afterAll(async () => {
  await app?.cleanup();
});

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("it did not fail");
};

describe("@hybridge/app's db", () => {
  it("adds, lists, reads and deletes documents", async () => {
    configure({ server: `${base}/`, key });
    const id = await db.add("orders", { item: "Espresso", quantity: 2 });
    const second = await db.add("orders", { item: "Latte", quantity: 1 });
    const orders = await db.getDocs("orders", { limit: 20 });
    expect(orders.map((o) => o.id)).toEqual([second, id]);
    expect(orders[1]).toEqual({
      id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 1,
      item: "Espresso",
      quantity: 2,
    });
    expect((await db.getDocs("orders", { limit: 1 })).map((o) => o.id)).toEqual([second]);
    const order = await db.getDoc("orders", id);
    expect(order?.item).toBe("Espresso");
    await db.delete("orders", id);
    expect(await db.getDoc("orders", id)).toBeNull();
    expect(await db.getDoc("orders", "not-an-id")).toBeNull();
  });

  it("adds a document with a file, and deletes the file with it", async () => {
    configure({ server: base, key });
    const pdf = new File(["%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n"], "invoice.pdf", {
      type: "application/pdf",
    });
    const id = await db.addWithFile("invoices", { total: 42.5 }, pdf);
    const invoice = await db.getDoc("invoices", id);
    expect(invoice).toMatchObject({ id, total: 42.5, fileUrl: expect.stringMatching(/\.pdf$/) });
    const fileUrl = String(invoice?.fileUrl).replace("http://localhost:3000", base);
    expect((await fetch(fileUrl)).status).toBe(200);
    await db.delete("invoices", id);
    expect((await fetch(fileUrl)).status).toBe(404);
    const refused = await failure(
      db.addWithFile("invoices", {}, new Blob(["<html></html>"], { type: "image/png" })),
    );
    expect(refused).toMatchObject({ code: "VALIDATION", message: DataTexts.fileType });
  });

  it("fails with a HybridgeError carrying the server's code, never a bare fetch error", async () => {
    configure({ server: base, key: "hb_test_wrong" });
    const refused = await failure(db.getDocs("orders"));
    expect(refused).toBeInstanceOf(HybridgeError);
    expect(refused).toMatchObject({
      code: "UNAUTHENTICATED",
      status: 401,
      message: GenericTexts.databaseKeyRequired,
    });

    configure({ server: base, key });
    const reserved = await failure(db.add("orders", { id: "mine" }));
    expect(reserved).toMatchObject({ code: "VALIDATION", message: DataTexts.reservedField("id") });
    const badName = await failure(db.add("Orders!", { item: "x" }));
    expect(badName).toMatchObject({ code: "VALIDATION", status: 0 });
    expect(await failure(db.delete("orders", crypto.randomUUID()))).toMatchObject({
      code: "NOT_FOUND",
      status: 404,
    });

    configure({ server: "http://127.0.0.1:9", key });
    const offline = await failure(db.getDocs("orders"));
    expect(offline).toBeInstanceOf(HybridgeError);
    expect(offline).toMatchObject({ code: "NETWORK", status: 0 });
  });
});
