import { describe, expect, it } from "vitest";
import { DEPRECATED_KEY_FLAG, readArguments } from "./arguments";

describe("create-hybridge's command line", () => {
  it("takes the app key as --app-key", () => {
    expect(readArguments(["my-app", "--app-key", "my-shop", "--server", "http://s"])).toEqual({
      folder: "my-app",
      appKey: "my-shop",
      server: "http://s",
      help: false,
      deprecated: [],
    });
  });

  it("still takes the old --key, saying it is deprecated", () => {
    const read = readArguments(["my-app", "--key", "my-shop"]);
    expect(read.appKey).toBe("my-shop");
    expect(read.deprecated).toEqual([DEPRECATED_KEY_FLAG]);
    expect(DEPRECATED_KEY_FLAG).toContain("--app-key");
  });

  it("names the flag when the app key is missing", () => {
    expect(() => readArguments(["my-app"])).toThrow("--app-key <APP_KEY>");
    expect(() => readArguments(["my-app", "--app-key", "  "])).toThrow("--app-key <APP_KEY>");
  });
});
