import { configure, db, HybridgeError } from "@hybridge/app/db";
import { QueryTexts } from "@hybridge/shared/data/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../../test/test-app";
import { authed, createTestProject } from "../projects/test-support";

// db.query of the SDK (@hybridge/app) against a real server, as an app calls it.
let app: TestApp;
let base: string;
let key: string;
let owner: TestUser;
let projectId: string;
beforeAll(async () => {
  app = await createTestApp();
  base = await app.listen({ port: 0, host: "127.0.0.1" });
  owner = await createTestUser(app);
  const project = await createTestProject(app, owner.cookie);
  projectId = project.id;
  const settings = await app.inject({
    url: `/api/projects/${project.id}/settings`,
    headers: authed(owner.cookie),
  });
  key = settings.json().settings.databaseKey;
});
afterAll(async () => {
  await app?.cleanup();
});

type Order = { item: string; total: number; status: string; customer: { city: string } };

// Steps on one collection of orders (added by the first, read by the others): in their written
// order, whatever the file's random order (vitest.config.ts).
describe("@hybridge/app's db.query", { shuffle: false }, () => {
  it("filters, sorts, pages and counts, typed like getDocs", async () => {
    configure({ server: base, key });
    const orders: Order[] = [
      { item: "Espresso", total: 2.5, status: "open", customer: { city: "Lyon" } },
      { item: "Latte", total: 4, status: "open", customer: { city: "Paris" } },
      { item: "Mocha", total: 4, status: "paid", customer: { city: "Lyon" } },
      { item: "Tea", total: 1.5, status: "open", customer: { city: "Lyon" } },
    ];
    for (const order of orders) await db.add("orders", order);

    const open = db.query<Order>("orders").where("status", "==", "open");
    const cheapest = await open.orderBy("total", "asc").get();
    expect(cheapest.map((o) => o.item)).toEqual(["Tea", "Espresso", "Latte"]);
    // Typed: the fields of Order, with the server's id and createdAt.
    const first: { item: string; id: string; createdAt: string } | undefined = cheapest[0];
    expect(first?.id).toMatch(/^[0-9a-f-]{36}$/);

    // Immutable: narrowing `open` did not change it.
    expect(await open.count()).toBe(3);
    expect(await open.where("customer.city", "==", "Lyon").count()).toBe(2);
    expect(
      (await db.query<Order>("orders").where("item", "in", ["Latte", "Mocha"]).get()).map(
        (o) => o.item,
      ),
    ).toEqual(["Mocha", "Latte"]);

    // Pages: `next` continues where the page stopped, null at the end.
    const byTotal = db.query<Order>("orders").orderBy("total", "desc").orderBy("item").limit(3);
    const one = await byTotal.page();
    expect(one.docs.map((o) => o.item)).toEqual(["Latte", "Mocha", "Espresso"]);
    expect(one.next).toEqual(expect.any(String));
    const two = await byTotal.after(one.next).page();
    expect(two).toEqual({ docs: [expect.objectContaining({ item: "Tea" })], next: null });
  });

  it("fails with a HybridgeError carrying the server's message", async () => {
    configure({ server: base, key });
    const refused = await db
      .query("orders")
      .where("total", "<", null)
      .get()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HybridgeError);
    expect(refused).toMatchObject({
      code: "VALIDATION",
      status: 400,
      message: QueryTexts.rangeValue("where[0].value", "<"),
    });
    const otherOrder = await db.query("orders").orderBy("item").limit(1).page();
    const misused = await db
      .query("orders")
      .orderBy("total")
      .after(otherOrder.next)
      .get()
      .catch((error: unknown) => error);
    expect(misused).toMatchObject({ code: "VALIDATION", message: QueryTexts.cursorOtherOrder });
    expect(() => db.query("Orders!")).toThrow(HybridgeError);
  });

  it("answers the console's owner the same query and count, and another user 404", async () => {
    const body = {
      where: [{ field: "status", op: "==", value: "open" }],
      orderBy: [{ field: "total", direction: "asc" }],
    };
    const url = `/api/projects/${projectId}/data/collections/orders`;
    const page = await app.inject({
      method: "POST",
      url: `${url}/query`,
      headers: authed(owner.cookie),
      payload: body,
    });
    expect(page.statusCode).toBe(200);
    configure({ server: base, key });
    const fromApp = await db.query("orders").where("status", "==", "open").orderBy("total").get();
    expect(page.json().documents).toEqual(fromApp);
    const count = await app.inject({
      method: "POST",
      url: `${url}/count`,
      headers: authed(owner.cookie),
      payload: body,
    });
    expect(count.json()).toEqual({ count: fromApp.length });
    const stranger = await createTestUser(app);
    const refused = await app.inject({
      method: "POST",
      url: `${url}/query`,
      headers: authed(stranger.cookie),
      payload: body,
    });
    expect(refused.statusCode).toBe(404);
  });
});
