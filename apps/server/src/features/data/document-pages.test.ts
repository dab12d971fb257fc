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
      return { value: seen, bytes: seen.length };
    },
    started,
    finish,
  };
}

describe("a collection's remembered pages", () => {
  it("are answered again while the collection is unchanged, and read again once it changed", async () => {
    const pages = createDocumentPages<string>({ heard: async () => true });
    let reads = 0;
    const read = async () => ({ value: `read ${++reads}`, bytes: 6 });
    expect(await pages.page(collectionKey("p1", "orders"), "20", read)).toBe("read 1");
    expect(await pages.page(collectionKey("p1", "orders"), "20", read)).toBe("read 1");
    // Another collection, another project and another page are their own.
    expect(await pages.page(collectionKey("p1", "tables"), "20", read)).toBe("read 2");
    expect(await pages.page(collectionKey("p2", "orders"), "20", read)).toBe("read 3");
    expect(await pages.page(collectionKey("p1", "orders"), "5", read)).toBe("read 4");
    pages.changed(collectionKey("p1", "orders"));
    expect(await pages.page(collectionKey("p1", "orders"), "20", read)).toBe("read 5");
    expect(await pages.page(collectionKey("p1", "orders"), "5", read)).toBe("read 6");
    expect(await pages.page(collectionKey("p1", "tables"), "20", read)).toBe("read 2");
  });

  it("never keep what a read saw before a write that finished during it", async () => {
    const pages = createDocumentPages<string>({ heard: async () => true });
    const collection = { value: "before the write" };
    const racing = slowRead(collection);
    const answer = pages.page(collectionKey("p1", "orders"), "20", racing.read);
    await racing.started;
    // The write commits and says so while the read is under way.
    collection.value = "after the write";
    pages.changed(collectionKey("p1", "orders"));
    racing.finish();
    expect(await answer).toBe("before the write");
    const next = slowRead(collection);
    next.finish();
    expect(await pages.page(collectionKey("p1", "orders"), "20", next.read)).toBe(
      "after the write",
    );
  });

  it("are not kept while changes cannot be heard, nor when a page is too large", async () => {
    let heard = false;
    const pages = createDocumentPages<string>({ heard: async () => heard });
    let reads = 0;
    const read = async () => ({ value: `read ${++reads}`, bytes: 6 });
    await pages.page(collectionKey("p1", "orders"), "20", read);
    expect(await pages.page(collectionKey("p1", "orders"), "20", read)).toBe("read 2");
    heard = true;
    const large = async () => ({ value: `read ${++reads}`, bytes: 2 * 1024 * 1024 });
    await pages.page(collectionKey("p1", "large"), "20", large);
    expect(await pages.page(collectionKey("p1", "large"), "20", large)).toBe("read 4");
  });
});
