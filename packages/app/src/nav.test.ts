import { afterEach, describe, expect, it, vi } from "vitest";
import { HybridgeError } from "./errors";
import { nav } from "./nav";

afterEach(() => {
  history.replaceState(null, "", "/");
  delete (globalThis as { HybridgeNative?: unknown }).HybridgeNative;
});

describe("nav", () => {
  it("opens a page with its parameters and tells the router", () => {
    const heard: string[] = [];
    const listener = () => heard.push(location.pathname + location.search);
    window.addEventListener("popstate", listener);
    nav.openPage("/product", { id: 42, color: "red & blue" });
    window.removeEventListener("popstate", listener);
    expect(location.pathname).toBe("/product");
    expect(nav.param("id")).toBe("42");
    expect(nav.param("color")).toBe("red & blue");
    expect(nav.param("missing")).toBeNull();
    expect(heard).toEqual(["/product?id=42&color=red+%26+blue"]);
  });

  it("goes back in the history", () => {
    const back = vi.spyOn(history, "back").mockImplementation(() => {});
    nav.back();
    expect(back).toHaveBeenCalledOnce();
    back.mockRestore();
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
  it("hands back and openPage to the bridge instead of the History API", () => {
    const back = vi.fn();
    const openPage = vi.fn();
    (globalThis as { HybridgeNative?: unknown }).HybridgeNative = { back, openPage };
    const before = location.href;
    nav.openPage("/product", { id: 7 });
    nav.back();
    expect(openPage).toHaveBeenCalledWith("/product?id=7");
    expect(back).toHaveBeenCalledOnce();
    expect(location.href).toBe(before);
  });
});
