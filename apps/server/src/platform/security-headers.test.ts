import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers";

describe("security headers", () => {
  it("are helmet's, with our policy, worked out once", () => {
    const http = securityHeaders({ publicUrl: "http://192.168.1.10:3000" });
    expect(http["content-security-policy"]).toContain("default-src 'self'");
    expect(http["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(http["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(http["referrer-policy"]).toBe("no-referrer");
    expect(http["x-content-type-options"]).toBe("nosniff");
    expect(http["x-frame-options"]).toBe("SAMEORIGIN");
    expect(http["cross-origin-opener-policy"]).toBe("same-origin");
    expect(http["strict-transport-security"]).toBeUndefined();
    expect(http["cross-origin-embedder-policy"]).toBeUndefined();

    const https = securityHeaders({ publicUrl: "https://hybridge.example" });
    expect(https["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(https["content-security-policy"]).toContain("upgrade-insecure-requests");
  });
});
