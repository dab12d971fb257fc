// @vitest-environment happy-dom
import type { Build } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { PlatformCard } from "./platform-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const build = (overrides: Partial<Build>): Build => ({
  id: "b1",
  projectId: "p1",
  platform: "android",
  appKey: "my-app",
  status: "pending",
  buildPercent: "0",
  version: 3,
  dateGenerate: "2026-01-01T10:00:00.000Z",
  publishedAt: null,
  percent: 0,
  failureReason: null,
  queuePosition: 1,
  waitingForAgent: false,
  artifact: null,
  attempts: 0,
  updateChannel: null,
  startedAt: null,
  finishedAt: null,
  ...overrides,
});

function showCard(platform: "android" | "apple", latest: Build | null, builderConnected = true) {
  stubApi({
    [`GET /api/projects/p1/builds/latest?platform=${platform}`]: {
      body: { build: latest, builderConnected },
    },
  });
  const view = renderWithApp(<PlatformCard projectId="p1" platform={platform} />);
  return view.container;
}

describe("a platform card", () => {
  it("offers to build the app when there is none, saying what the button does", async () => {
    showCard("android", null);
    expect(await screen.findByText(BuildsTexts.noRelease)).toBeTruthy();
    expect(screen.getByRole("button", { name: BuildsTexts.requestBuild("android") })).toBeTruthy();
  });

  it("says a build waits for a Mac, with its place, and shows no spinner", async () => {
    const container = showCard(
      "apple",
      build({ platform: "apple", waitingForAgent: true, queuePosition: 4 }),
    );
    expect(
      await screen.findByText(BuildsTexts.waitingForAgentWithPosition("apple", 4)),
    ).toBeTruthy();
    expect(container.querySelector(".animate-spin")).toBeNull();
    expect(screen.getByRole("button", { name: BuildsTexts.cancelBuild })).toBeTruthy();
  });

  it("shows a building build's percent as a progress bar", async () => {
    showCard("android", build({ status: "building", percent: 40, buildPercent: "40" }));
    expect(await screen.findByText(BuildsTexts.building(40))).toBeTruthy();
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("40");
  });

  it("offers Publish and the APK of a ready build", async () => {
    showCard(
      "android",
      build({ status: "ready", percent: 100, artifact: { size: 1000, sha256: "ab".repeat(32) } }),
    );
    expect(await screen.findByText(BuildsTexts.readyToPublish)).toBeTruthy();
    expect(screen.getByRole("link", { name: BuildsTexts.downloadApk }).getAttribute("href")).toBe(
      "/api/projects/p1/builds/b1/apk",
    );
    // Publishing says where it goes (the install page) and that no store is reached.
    await userEvent.click(screen.getByRole("button", { name: BuildsTexts.publish }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain(BuildsTexts.publishConfirm("android"));
    expect(BuildsTexts.publishConfirm("android")).toMatch(/install page.*QR code.*download/);
    expect(BuildsTexts.publishConfirm("android")).toContain(
      "Uploading to Google Play is not available yet.",
    );
  });

  it("is titled by platform, not by a store it does not reach", async () => {
    showCard("android", null);
    const card = await screen.findByRole("region", { name: BuildsTexts.cardTitle("android") });
    expect(card.textContent).toContain(BuildsTexts.cardPublishNote("android"));
    expect(screen.queryByRole("heading", { name: "Google Play" })).toBeNull();
  });

  it("warns before queueing a build that no connected machine can build, and queues it knowingly", async () => {
    const queued = build({ platform: "apple", waitingForAgent: true });
    const calls = stubApi({
      "GET /api/projects/p1/builds/latest?platform=apple": {
        body: { build: null, builderConnected: false },
      },
      "POST /api/projects/p1/builds": { body: { build: queued, alreadyQueued: false } },
    });
    renderWithApp(<PlatformCard projectId="p1" platform="apple" />);
    await userEvent.click(
      await screen.findByRole("button", { name: BuildsTexts.requestBuild("apple") }),
    );
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain(BuildsTexts.noBuilderTitle("apple"));
    expect(dialog.textContent).toContain(BuildsTexts.noBuilderWarning("apple"));
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
    await userEvent.click(screen.getByRole("button", { name: BuildsTexts.queueAnyway }));
    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(1));
  });

  it("queues at once when a build machine is connected", async () => {
    const calls = stubApi({
      "GET /api/projects/p1/builds/latest?platform=android": {
        body: { build: null, builderConnected: true },
      },
      "POST /api/projects/p1/builds": { body: { build: build({}), alreadyQueued: false } },
    });
    renderWithApp(<PlatformCard projectId="p1" platform="android" />);
    await userEvent.click(
      await screen.findByRole("button", { name: BuildsTexts.requestBuild("android") }),
    );
    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(1));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("says why a build failed", async () => {
    showCard("android", build({ status: "failed", failureReason: "aapt: bad manifest" }));
    expect(await screen.findByText(BuildsTexts.failedBecause("aapt: bad manifest"))).toBeTruthy();
  });

  it("says the queue's own refusal (BUILD_MAX_QUEUED_PER_USER) in the button's error toast", async () => {
    stubApi({
      "GET /api/projects/p1/builds/latest?platform=android": {
        body: { build: null, builderConnected: true },
      },
      "POST /api/projects/p1/builds": {
        status: 409,
        body: { code: "CONFLICT", message: BuildsTexts.queueFull(10) },
      },
    });
    renderWithApp(
      <>
        <PlatformCard projectId="p1" platform="android" />
        <Toaster />
      </>,
    );
    await userEvent.click(
      await screen.findByRole("button", { name: BuildsTexts.requestBuild("android") }),
    );
    expect(await screen.findByText(BuildsTexts.queueFull(10))).toBeTruthy();
  });

  it("says when the build asked for was already in the queue", async () => {
    const queued = build({});
    stubApi({
      "GET /api/projects/p1/builds/latest?platform=android": {
        body: { build: null, builderConnected: true },
      },
      "POST /api/projects/p1/builds": { body: { build: queued, alreadyQueued: true } },
    });
    renderWithApp(
      <>
        <PlatformCard projectId="p1" platform="android" />
        <Toaster />
      </>,
    );
    await userEvent.click(
      await screen.findByRole("button", { name: BuildsTexts.requestBuild("android") }),
    );
    expect(await screen.findByText(BuildsTexts.alreadyQueued("android"))).toBeTruthy();
  });
});
