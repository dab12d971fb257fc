import type {
  EvaluationInput,
  EvaluationResponse,
  SaveEvaluationResponse,
} from "@hybridge/shared/feedback/schemas";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, TEST_ORIGIN, type TestApp } from "../../../test/test-app";
import { evaluations } from "../../platform/db/schema";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

const valid: EvaluationInput = {
  docClarity: 4,
  apiIntuition: 5,
  backendSimplicity: 3,
  mainAdvantage: "No backend to run",
  mainWeakness: "iOS dev app not out yet",
};

const put = (payload: unknown, cookie?: string) =>
  app.inject({
    method: "PUT",
    url: "/api/feedback/evaluation",
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });

const get = (cookie?: string) =>
  app.inject({
    method: "GET",
    url: "/api/feedback/evaluation",
    headers: cookie ? { cookie } : {},
  });

const rowsOf = (userId: string) =>
  app.deps.db.select().from(evaluations).where(eq(evaluations.userId, userId));

describe("the evaluation", () => {
  it("is null before the first one", async () => {
    const user = await createTestUser(app);
    const res = await get(user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ evaluation: null });
  });

  it("is created, read back, then updated in the same row", async () => {
    const user = await createTestUser(app);
    const created = await put({ ...valid, mainAdvantage: "  No backend to run  " }, user.cookie);
    expect(created.statusCode).toBe(200);
    const first = created.json<SaveEvaluationResponse>();
    expect(first.created).toBe(true);
    expect(first.evaluation).toMatchObject(valid);

    const read = (await get(user.cookie)).json<EvaluationResponse>();
    expect(read.evaluation).toEqual(first.evaluation);

    const edit = { ...valid, docClarity: 2, mainWeakness: "Docs need more examples" };
    const updated = await put(edit, user.cookie);
    expect(updated.statusCode).toBe(200);
    const second = updated.json<SaveEvaluationResponse>();
    expect(second.created).toBe(false);
    expect(second.evaluation).toMatchObject(edit);
    expect(second.evaluation.submittedAt).toBe(first.evaluation.submittedAt);
    expect(Date.parse(second.evaluation.lastUpdatedAt)).toBeGreaterThan(
      Date.parse(first.evaluation.lastUpdatedAt),
    );

    expect((await get(user.cookie)).json<EvaluationResponse>().evaluation).toEqual(
      second.evaluation,
    );
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userEmail).toBe(user.email);
  });

  it("keeps one row when first saves race", async () => {
    const user = await createTestUser(app);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((score) => put({ ...valid, docClarity: score }, user.cookie)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const created = results.filter((r) => r.json<SaveEvaluationResponse>().created);
    expect(created).toHaveLength(1);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it("is one per user: another user's save does not touch it", async () => {
    const alice = await createTestUser(app);
    const bob = await createTestUser(app);
    await put(valid, alice.cookie);
    await put({ ...valid, docClarity: 1 }, bob.cookie);
    expect((await get(alice.cookie)).json<EvaluationResponse>().evaluation?.docClarity).toBe(4);
    expect((await get(bob.cookie)).json<EvaluationResponse>().evaluation?.docClarity).toBe(1);
  });

  it("refuses scores outside 1–5 and stores nothing", async () => {
    const user = await createTestUser(app);
    for (const bad of [
      { docClarity: 0 },
      { apiIntuition: 6 },
      { backendSimplicity: 2.5 },
      { docClarity: "3" },
      { apiIntuition: undefined },
    ]) {
      const res = await put({ ...valid, ...bad }, user.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "VALIDATION", message: FeedbackTexts.scoreOutOfRange });
    }
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it("requires the main advantage and the main weakness", async () => {
    const user = await createTestUser(app);
    const cases: Array<[Partial<Record<keyof EvaluationInput, unknown>>, string]> = [
      [{ mainAdvantage: undefined }, FeedbackTexts.mainAdvantageRequired],
      [{ mainAdvantage: "   " }, FeedbackTexts.mainAdvantageRequired],
      [{ mainWeakness: "" }, FeedbackTexts.mainWeaknessRequired],
      [{ mainWeakness: "w".repeat(1001) }, FeedbackTexts.evaluationTextTooLong],
    ];
    for (const [bad, message] of cases) {
      const res = await put({ ...valid, ...bad }, user.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "VALIDATION", message });
    }
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it("does not change a saved evaluation when an edit is invalid", async () => {
    const user = await createTestUser(app);
    await put(valid, user.cookie);
    expect((await put({ ...valid, docClarity: 9 }, user.cookie)).statusCode).toBe(400);
    expect((await get(user.cookie)).json<EvaluationResponse>().evaluation).toMatchObject(valid);
  });

  it("answers 401 when signed out", async () => {
    expect((await get()).statusCode).toBe(401);
    const res = await put(valid);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("UNAUTHENTICATED");
  });
});
