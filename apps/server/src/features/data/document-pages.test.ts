import { describe, expect, it } from "vitest";
import { createDocumentPages } from "./document-pages";
import { collectionKey } from "./document-scope";

/** A read that answers what `source` held when it started (`started`), once `finish` is called. */
function slowRead(source: { value: string }) {
  let finish = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let start = () => {};
  const started = new Promise<void>((resolve) => {
    start = resolve;
  });
  return {
    read: async () => {
      const seen = source.value;
      start();
      await finished;
      return Buffer.from(seen);
    },
    started,
    finish,
  };
}

/** A remembered page's bytes as text, trailing padding dropped. */
const text = (page: Buffer) => page.toString().trimEnd();

describe("a collection's remembered pages", () => {
  it("are answered again while the collection is unchanged, and read again once it changed", async () => {
    const pages = createDocumentPages({ heard: async () => true });
    let reads = 0;
    const read = async () => Buffer.from(`read ${++reads}`);
    const ask = async (project: string, collection: string, page: string) =>
      text(await pages.page(collectionKey(project, collection), page, read));
    // Asked once: read, not kept; asked again: read and kept; then answered from memory.
    expect(await ask("p1", "orders", "20")).toBe("read 1");
    expect(await ask("p1", "orders", "20")).toBe("read 2");
    expect(await ask("p1", "orders", "20")).toBe("read 2");
    // Another collection, another project and another page are their own.
    expect(await ask("p1", "tables", "20")).toBe("read 3");
    expect(await ask("p1", "tables", "20")).toBe("read 4");
    expect(await ask("p2", "orders", "20")).toBe("read 5");
    expect(await ask("p1", "orders", "5")).toBe("read 6");
    expect(await ask("p1", "orders", "5")).toBe("read 7");
    expect(await ask("p1", "orders", "20")).toBe("read 2");
    pages.changed(collectionKey("p1", "orders"));
    // Changed: read again, and kept from its second asking at the new state.
    expect(await ask("p1", "orders", "20")).toBe("read 8");
    expect(await ask("p1", "orders", "5")).toBe("read 9");
    expect(await ask("p1", "orders", "20")).toBe("read 10");
    expect(await ask("p1", "orders", "20")).toBe("read 10");
    expect(await ask("p1", "tables", "20")).toBe("read 4");
  });

  it("keep a page asked for twice while its collection is unchanged, not one asked for once", async () => {
    const pages = createDocumentPages({ heard: async () => true });
    let reads = 0;
    const read = async () => Buffer.from(`read ${++reads}`);
    const orders = collectionKey("p1", "orders");
    // 10,000 distinct pages asked for once each (a crawl): nothing kept.
    for (let n = 0; n < 10_000; n++) await pages.page(orders, `20\n${n}`, read);
    expect(pages.held).toEqual({ pages: 0, bytes: 0 });
    // Asked once, then the collection changes: the second asking is a first at the new state.
    await pages.page(orders, "first", read);
    pages.changed(orders);
    await pages.page(orders, "first", read);
    expect(pages.held.pages).toBe(0);
    await pages.page(orders, "first", read);
    expect(pages.held.pages).toBe(1);
  });

  it("never keep what a read saw before a write that finished during it", async () => {
    const pages = createDocumentPages({ heard: async () => true });
    const collection = { value: "before the write" };
    const racing = slowRead(collection);
    const answer = pages.page(collectionKey("p1", "orders"), "20", racing.read);
    await racing.started;
    // The write commits and says so while the read is under way.
    collection.value = "after the write";
    pages.changed(collectionKey("p1", "orders"));
    racing.finish();
    expect(text(await answer)).toBe("before the write");
    const next = slowRead(collection);
    next.finish();
    expect(text(await pages.page(collectionKey("p1", "orders"), "20", next.read))).toBe(
      "after the write",
    );
  });

  it("are not kept while changes cannot be heard, nor when a page is too large", async () => {
    let heard = false;
    const pages = createDocumentPages({ heard: async () => heard });
    let reads = 0;
    const read = async () => Buffer.from(`read ${++reads}`);
    await pages.page(collectionKey("p1", "orders"), "20", read);
    expect(text(await pages.page(collectionKey("p1", "orders"), "20", read))).toBe("read 2");
    heard = true;
    const large = async () => Buffer.from(`read ${++reads}`.padEnd(2 * 1024 * 1024));
    await pages.page(collectionKey("p1", "large"), "20", large);
    expect(text(await pages.page(collectionKey("p1", "large"), "20", large))).toBe("read 4");
  });

  it("hold at most 32 MB of answers, counted as the bytes they are, after 10,000 distinct pages", async () => {
    const pages = createDocumentPages({ heard: async () => true });
    // 10,000 pages of 20 documents of about 250 bytes: 50 MB written, more than the bound.
    const pageOf = (n: number) =>
      Buffer.from(
        JSON.stringify({ n, documents: Array.from({ length: 20 }, () => "x".repeat(240)) }),
      );
    for (let n = 0; n < 10_000; n++) {
      // Asked twice each: kept from the second asking.
      await pages.page(collectionKey("p1", "orders"), `20\n${n}`, async () => pageOf(n));
      await pages.page(collectionKey("p1", "orders"), `20\n${n}`, async () => pageOf(n));
    }
    const { pages: held, bytes } = pages.held;
    expect(bytes).toBeLessThanOrEqual(32 * 1024 * 1024);
    expect(bytes).toBeGreaterThan(30 * 1024 * 1024);
    // What is counted is what is held: every kept page's bytes and its key, nothing estimated.
    const pageBytes = (n: number) =>
      pageOf(n).length + `${collectionKey("p1", "orders")}\n20\n${n}`.length;
    let newest = 0;
    for (let n = 9_999; n >= 10_000 - held; n--) newest += pageBytes(n);
    expect(bytes).toBe(newest);
    // The newest pages are the ones kept, and they answer without a read.
    expect(held).toBeLessThan(10_000);
    const kept = await pages.page(collectionKey("p1", "orders"), "20\n9999", async () => {
      throw new Error("read again");
    });
    expect(JSON.parse(kept.toString()).n).toBe(9999);
    pages.clear();
    expect(pages.held).toEqual({ pages: 0, bytes: 0 });
  });
});
