import { describe, expect, it } from "vitest";
import type { Db } from "../../platform/db/client";
import { createCombinedWrites } from "./combined-writes";

/** Two databases, as keys: nothing is asked of them. */
const one = {} as Db;
const two = {} as Db;

/** A combiner whose writes are held until released, recording what went alone and together. */
function recording(options: { most?: number; mostBytes?: number; failTogether?: boolean } = {}) {
  const calls: Array<{ kind: "alone" | "together"; items: string[] }> = [];
  const held: Array<() => void> = [];
  const hold = () => new Promise<void>((resolve) => held.push(resolve));
  const write = createCombinedWrites<string, string>({
    most: options.most ?? 50,
    mostBytes: options.mostBytes ?? 1_000_000,
    alone: async (_db, item) => {
      calls.push({ kind: "alone", items: [item] });
      await hold();
      return `${item} alone`;
    },
    together: async (_db, batch) => {
      calls.push({ kind: "together", items: batch.map((waiting) => waiting.item) });
      await hold();
      if (options.failTogether) throw new Error("together failed");
      for (const waiting of batch) waiting.resolve(`${waiting.item} together`);
    },
  });
  /** Lets every write held so far end, and what follows them begin. */
  const release = async () => {
    for (const resolve of held.splice(0)) resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { write, calls, release };
}

describe("createCombinedWrites", () => {
  it("writes the first alone, those that came meanwhile together, then the next ones, each answered", async () => {
    const { write, calls, release } = recording();
    const a = write(one, "k", "a");
    const b = write(one, "k", "b");
    const c = write(one, "k", "c");
    expect(calls).toEqual([{ kind: "alone", items: ["a"] }]);
    await release();
    const d = write(one, "k", "d");
    expect(calls.at(-1)).toEqual({ kind: "together", items: ["b", "c"] });
    await release();
    expect(calls.at(-1)).toEqual({ kind: "together", items: ["d"] });
    await release();
    expect(await Promise.all([a, b, c, d])).toEqual([
      "a alone",
      "b together",
      "c together",
      "d together",
    ]);
    // Nothing waits any more: the next write is the first again.
    const e = write(one, "k", "e");
    expect(calls.at(-1)).toEqual({ kind: "alone", items: ["e"] });
    await release();
    expect(await e).toBe("e alone");
  });

  it("keeps keys and databases apart", async () => {
    const { write, calls, release } = recording();
    const writes = [write(one, "k", "a"), write(one, "other", "b"), write(two, "k", "c")];
    expect(calls.map((call) => call.kind)).toEqual(["alone", "alone", "alone"]);
    await release();
    expect(await Promise.all(writes)).toEqual(["a alone", "b alone", "c alone"]);
  });

  it("sends alone at once a write that finds the batch full, over its bytes, or its member in it", async () => {
    const { write, calls, release } = recording({ most: 2, mostBytes: 10 });
    const writes = [
      write(one, "k", "first"),
      write(one, "k", "a", { bytes: 4, member: "x" }),
      write(one, "k", "same member", { member: "x" }),
      write(one, "k", "too big", { bytes: 7 }),
      write(one, "k", "b", { bytes: 6 }),
      write(one, "k", "full"),
    ];
    expect(calls).toEqual([
      { kind: "alone", items: ["first"] },
      { kind: "alone", items: ["same member"] },
      { kind: "alone", items: ["too big"] },
      { kind: "alone", items: ["full"] },
    ]);
    await release();
    expect(calls.at(-1)).toEqual({ kind: "together", items: ["a", "b"] });
    // The next batch is empty again: its member and bytes are free.
    const again = write(one, "k", "x again", { bytes: 10, member: "x" });
    expect(calls.at(-1)).toEqual({ kind: "together", items: ["a", "b"] });
    await release();
    expect(calls.at(-1)).toEqual({ kind: "together", items: ["x again"] });
    await release();
    expect(await Promise.all([...writes, again])).toEqual([
      "first alone",
      "a together",
      "same member alone",
      "too big alone",
      "b together",
      "full alone",
      "x again together",
    ]);
  });

  it("refuses each write of a batch whose writing threw, and goes on with the next", async () => {
    const { write, calls, release } = recording({ failTogether: true });
    const first = write(one, "k", "a");
    const failed = [write(one, "k", "b"), write(one, "k", "c")].map((p) =>
      p.then(
        () => "answered",
        (error: Error) => error.message,
      ),
    );
    await release();
    await release();
    expect(await first).toBe("a alone");
    expect(await Promise.all(failed)).toEqual(["together failed", "together failed"]);
    expect(calls.map((call) => call.kind)).toEqual(["alone", "together"]);
    const next = write(one, "k", "d");
    expect(calls.at(-1)).toEqual({ kind: "alone", items: ["d"] });
    await release();
    expect(await next).toBe("d alone");
  });
});
