import { describe, expect, it } from "vitest";
import { findRootRelativeUrl } from "./apk-contents";

describe("findRootRelativeUrl", () => {
  it("finds the paths from the site's root that a bundle opened from files cannot follow", () => {
    expect(findRootRelativeUrl('<script type="module" src="/assets/index-3f.js"></script>')).toBe(
      "/assets/index-3f.js",
    );
    expect(findRootRelativeUrl("<link rel=stylesheet href=/main.css>")).toBe("/main.css");
    expect(findRootRelativeUrl('<script src="./assets/app.js"></script>')).toBeNull();
    expect(findRootRelativeUrl('<script src="assets/app.js"></script>')).toBeNull();
    expect(findRootRelativeUrl('<script src="https://cdn.example/x.js"></script>')).toBeNull();
    expect(findRootRelativeUrl('<script src="//cdn.example/x.js"></script>')).toBeNull();
  });
});
