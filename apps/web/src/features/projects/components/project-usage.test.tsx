// @vitest-environment happy-dom
import { QuotaTexts } from "@hybridge/shared/projects/texts";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { ProjectUsage } from "./project-usage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MB = 1024 * 1024;

describe("the project's usage", () => {
  it("shows the bundles kept and the storage used as progress bars with their numbers", async () => {
    stubApi({
      "GET /api/projects/p1/usage": {
        body: {
          usage: {
            bundles: { kept: 3, limit: 5 },
            storage: { usedBytes: 125 * MB, limitBytes: 500 * MB },
          },
        },
      },
    });
    renderWithApp(<ProjectUsage projectId="p1" />);
    const bundles = await screen.findByRole("progressbar", { name: QuotaTexts.bundlesLabel });
    expect(bundles.getAttribute("aria-valuenow")).toBe("3");
    expect(bundles.getAttribute("aria-valuemax")).toBe("5");
    expect(bundles.getAttribute("aria-valuetext")).toBe("3 of 5");
    const storage = screen.getByRole("progressbar", { name: QuotaTexts.storageLabel });
    expect(storage.getAttribute("aria-valuetext")).toBe("125.0 MB of 500.0 MB");
    expect(screen.getByText(QuotaTexts.storageUsed("125.0 MB", "500.0 MB"))).toBeTruthy();
    expect(screen.getByText(QuotaTexts.bundlesKept(3, 5))).toBeTruthy();
  });

  it("says when the usage could not be loaded, with a retry", async () => {
    stubApi({});
    renderWithApp(<ProjectUsage projectId="p1" />);
    expect(await screen.findByText(QuotaTexts.usageLoadFailed)).toBeTruthy();
  });
});
