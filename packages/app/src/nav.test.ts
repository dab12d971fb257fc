import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { HybridgeError } from "./errors";
import { nav } from "./nav";

afterEach(() => {
  history.replaceState(null, "", "/");
  delete (globalThis as { HybridgeNative?: unknown }).HybridgeNative;
});

/** The URLs the page's router is told of (popstate), from now until the test ends. */
function routerHears(): string[] {
  const heard: string[] = [];
  const listener = () => heard.push(location.pathname + location.search);
  window.addEventListener("popstate", listener);
  onTestFinished(() => window.removeEventListener("popstate", listener));
  return heard;
}

describe("nav", () => {
  it("opens a page with its parameters as a new history entry and tells the router", () => {
    const heard = routerHears();
    const entries = history.length;
    nav.openPage("/product", { id: 42, color: "red & blue" });
    expect(location.pathname).toBe("/product");
    expect(history.length).toBe(entries + 1);
    expect(nav.param("id")).toBe("42");
    expect(nav.param("color")).toBe("red & blue");
    expect(nav.param("missing")).toBeNull();
    expect(heard).toEqual(["/product?id=42&color=red+%26+blue"]);
  });

  it("goes back to the page it came from, and the router hears of it", () => {
    nav.openPage("/list");
    nav.openPage("/product", { id: 7 });
    const heard = routerHears();
    nav.back();
    expect(location.pathname + location.search).toBe("/list");
    expect(heard).toEqual(["/list"]);
  });

  it("opens native views through the app's bridge, and says plainly that a browser cannot", () => {
    expect(() => nav.openView("map")).toThrow(HybridgeError);
    expect(() => nav.openView("map")).toThrow(/inside the app only/);
    const opened: string[] = [];
    (globalThis as { HybridgeNative?: unknown }).HybridgeNative = {
      openView: (name: string) => opened.push(name),
    };
    nav.openView("map");
    expect(opened).toEqual(["map"]);
  });
});

describe("nav inside a shell with a bridge", () => {
  it("hands back and openPage to the bridge and leaves the page's history alone", () => {
    nav.openPage("/list");
    const calls: string[] = [];
    (globalThis as { HybridgeNative?: unknown }).HybridgeNative = {
      back: () => calls.push("back"),
      openPage: (url: string) => calls.push(`openPage ${url}`),
    };
    const heard = routerHears();
    const entries = history.length;
    nav.openPage("/product", { id: 7 });
    nav.back();
    expect(calls).toEqual(["openPage /product?id=7", "back"]);
    expect(location.pathname).toBe("/list");
    expect(history.length).toBe(entries);
    expect(heard).toEqual([]);
  });
});
