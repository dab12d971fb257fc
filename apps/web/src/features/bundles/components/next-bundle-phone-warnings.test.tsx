// @vitest-environment happy-dom
import { PhoneAddressTexts } from "@hybridge/shared/builds/texts";
import type { Bundle } from "@hybridge/shared/bundles/schemas";
import { SERVER_ADDRESS_META } from "@hybridge/shared/projects/install-command";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { NextBundlePhoneWarnings } from "./next-bundle-phone-warnings";

beforeEach(() => {
  const meta = document.createElement("meta");
  meta.name = SERVER_ADDRESS_META;
  meta.content = "http://localhost:3300";
  document.head.append(meta);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const meta of document.head.querySelectorAll("meta")) meta.remove();
});

const bundle = (overrides: Partial<Bundle>): Bundle => ({
  id: "b1",
  fileName: "dist.zip",
  unpackedSize: 1000,
  fileCount: 2,
  sha256: "ab",
  createdAt: "2026-01-01T10:00:00.000Z",
  isNext: true,
  ...overrides,
});

function show(bundles: Bundle[], appOnly = false) {
  stubApi({ "GET /api/projects/p1/bundles": { body: { bundles } } });
  renderWithApp(<NextBundlePhoneWarnings projectId="p1" appOnly={appOnly} />);
}

describe("the next bundle's phone warnings", () => {
  it("names the app's loopback server and this server's loopback PUBLIC_URL, before a build", async () => {
    show([
      bundle({ loopbackServers: ["http://localhost:3300"] }),
      bundle({ id: "b0", isNext: false }),
    ]);
    expect(
      await screen.findByText(PhoneAddressTexts.unreachable("appServer", "http://localhost:3300")),
    ).toBeTruthy();
    expect(
      screen.getByText(PhoneAddressTexts.unreachable("publicUrl", "http://localhost:3300")),
    ).toBeTruthy();
    expect(screen.getAllByRole("note")).toHaveLength(2);
  });

  it("under the upload, names the app's addresses only", async () => {
    show([bundle({ loopbackServers: ["http://127.0.0.1:3300"] })], true);
    expect(
      await screen.findByText(PhoneAddressTexts.unreachable("appServer", "http://127.0.0.1:3300")),
    ).toBeTruthy();
    expect(screen.getAllByRole("note")).toHaveLength(1);
  });
});
