import { testConfigDefaults } from "@hybridge/shared/test-console/defaults";
import { DevPayloadSchema } from "@hybridge/shared/test-console/schemas";
import { describe, expect, it } from "vitest";
import { buildDevLink, buildDevPayload } from "./build-dev-payload";

describe("buildDevPayload", () => {
  it("carries the server, the app code and the tester's configuration", () => {
    const payload = buildDevPayload({
      publicUrl: "https://hybridge.example",
      appKey: "shop",
      config: { navBarType: "header", statusBar: "#fff", network: "http://192.168.1.2:3000" },
    });
    expect(DevPayloadSchema.parse(payload)).toEqual({
      v: 1,
      server: "https://hybridge.example",
      appKey: "shop",
      config: { navBarType: "header", localhostUrl: "http://192.168.1.2:3000", statusBar: "#fff" },
    });
  });
});

describe("buildDevLink", () => {
  it("gives the QR code the https link of the dev app, with the localhost URL", () => {
    const config = { navBarType: "footer", statusBar: "#fff", network: "http://192.168.1.2:3000" };
    const link = buildDevLink({ publicUrl: "https://h.example", appKey: "a", config });
    expect(link.qrText).toBe(
      `https://h.example/dev/a?url=${encodeURIComponent("http://192.168.1.2:3000/")}`,
    );
    expect(link.devUrlAccepted).toBe(true);
  });

  it("has no QR code before the tester enters a localhost URL", () => {
    const config = testConfigDefaults({ navBarType: "footer", statusbar: "#FFFFFF" });
    const link = buildDevLink({ publicUrl: "https://h.example", appKey: "a", config });
    expect(link.qrText).toBeNull();
    expect(link.payload.config).toEqual({
      navBarType: "footer",
      localhostUrl: "",
      statusBar: "#FFFFFF",
    });
  });

  it("says when the dev app would refuse the localhost URL", () => {
    const config = { navBarType: "none", statusBar: "#fff", network: "http://203.0.113.5:3000" };
    const link = buildDevLink({ publicUrl: "https://h.example", appKey: "a", config });
    expect(link.devUrlAccepted).toBe(false);
    expect(new URL(link.qrText ?? "").searchParams.get("url")).toBe("http://203.0.113.5:3000");
  });
});
