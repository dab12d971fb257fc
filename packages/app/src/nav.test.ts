import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { HybridgeError } from "./errors";
import { type FakeShell, installFakeShell } from "./fake-shell";
import { nav } from "./nav";

let shell: FakeShell | null = null;
afterEach(() => {
  history.replaceState(null, "", "/");
  shell?.remove();
  shell = null;
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

  it("refuses a page of another site", () => {
    expect(() => nav.openPage("https://elsewhere.example.com/pay")).toThrow(HybridgeError);
    expect(() => nav.openPage("//elsewhere.example.com/")).toThrow(/another site/);
  });

  it("says plainly that native views are coming soon, in a browser and in the app", () => {
    expect(() => nav.openView("map")).toThrow(/coming soon/);
    shell = installFakeShell();
    let error: unknown;
    try {
      nav.openView("map");
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(HybridgeError);
    expect((error as HybridgeError).code).toBe("NOT_AVAILABLE");
    expect(shell.calls).toEqual([]);
  });
});

describe("nav inside the app (the shell's bridge)", () => {
  it("goes back with the phone's back, which closes the app on the first page", async () => {
    nav.openPage("/list");
    shell = installFakeShell();
    const heard = routerHears();
    nav.back();
    // The shell answers on a later turn: wait for what it did, however slow the machine.
    const fake = shell;
    await expect.poll(() => fake.effects).toEqual(["back"]);
    // The shell walks the WebView's history itself; the SDK leaves the page's alone.
    expect(location.pathname).toBe("/list");
    expect(heard).toEqual([]);
  });

  it("opens a page as in a browser, and a new document through the shell with reload", async () => {
    shell = installFakeShell();
    const heard = routerHears();
    nav.openPage("/product", { id: 7 });
    expect(heard).toEqual(["/product?id=7"]);
    nav.openPage("/about.html", {}, { reload: true });
    const fake = shell;
    await expect.poll(() => fake.effects).toEqual([`openPage ${location.origin}/about.html`]);
    expect(shell.calls.map((call) => call.method)).toEqual(["bridge.open", "nav.openPage"]);
  });

  it("falls back to the page's history when the shell refuses (a page of another origin)", async () => {
    nav.openPage("/list");
    nav.openPage("/product");
    shell = installFakeShell();
    shell.allowedOrigin = "https://localhost";
    nav.back();
    await expect.poll(() => location.pathname).toBe("/list");
  });
});
