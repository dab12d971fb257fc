import { OkResponseSchema } from "@hybridge/shared/auth/schemas";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiClient, errorTextFor, NETWORK_ERROR } from "./api-client";

type Call = { url: string; init: RequestInit };

/** Answers every fetch with `response` and records the requests. */
function answer(response: () => Response) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return response();
  });
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiClient", () => {
  it("sends JSON with the session cookie and parses the answer with the schema", async () => {
    const calls = answer(() => json(200, { ok: true }));
    await expect(apiClient.post("/api/x", { a: 1 }, OkResponseSchema)).resolves.toEqual({
      ok: true,
    });
    expect(calls[0]?.init).toMatchObject({
      method: "POST",
      credentials: "include",
      body: JSON.stringify({ a: 1 }),
      headers: { "Content-Type": "application/json" },
    });
  });

  it("sends no content type when there is no body", async () => {
    const calls = answer(() => json(200, { ok: true }));
    await apiClient.delete("/api/account", OkResponseSchema);
    expect(calls[0]?.init.body).toBeUndefined();
    expect(calls[0]?.init.headers).not.toHaveProperty("Content-Type");
  });

  it("turns an error body into an ApiError with its code, message and status", async () => {
    answer(() => json(409, { code: "ACCOUNT_EXISTS", message: "Already there." }));
    const error = await apiClient.post("/api/x", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: "ACCOUNT_EXISTS", message: "Already there." });
  });

  it("answers a generic message when the error body is not ours", async () => {
    answer(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(apiClient.get("/api/x")).rejects.toMatchObject({
      status: 502,
      code: ErrorCodes.INTERNAL,
      message: GenericTexts.internal,
    });
  });

  it("rejects a success body that does not match the schema", async () => {
    answer(() => json(200, { ok: "yes" }));
    await expect(apiClient.get("/api/x", OkResponseSchema)).rejects.toMatchObject({
      code: ErrorCodes.INTERNAL,
    });
  });

  it("reports an unreachable server as a network error", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(apiClient.get("/api/x")).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR });
  });
});

describe("errorTextFor", () => {
  const known = { WEAK_PASSWORD: "Too weak.", VALIDATION: true } as const;
  const error = (code: string, message = "From the server.") =>
    new ApiError({ status: 400, code, message });

  it("gives a known code its text, or the server's message when asked to", () => {
    expect(errorTextFor(error("WEAK_PASSWORD"), known, "Failed.")).toBe("Too weak.");
    expect(errorTextFor(error("VALIDATION"), known, "Failed.")).toBe("From the server.");
  });

  it("answers every other failure with the screen's fallback", () => {
    const internal = new ApiError({
      status: 500,
      code: ErrorCodes.INTERNAL,
      message: GenericTexts.internal,
    });
    expect(errorTextFor(internal, known, "Failed.")).toBe("Failed.");
    expect(errorTextFor(error(NETWORK_ERROR), known, "Failed.")).toBe("Failed.");
    expect(errorTextFor(error("constructor"), known, "Failed.")).toBe("Failed.");
    expect(errorTextFor(new TypeError("boom"), known, "Failed.")).toBe("Failed.");
  });
});
