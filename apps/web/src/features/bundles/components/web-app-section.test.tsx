// @vitest-environment happy-dom
import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import { UpdatesConsoleTexts, UpdatesTexts } from "@hybridge/shared/updates/texts";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "@/test/render";
import { WebAppSection } from "./web-app-section";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = "/api/projects/p1";
const T = UpdatesConsoleTexts;
const bundle = {
  id: "0b5c1a52-7d1e-4c8e-9f0a-2d3b4c5d6e7f",
  fileName: "dist.zip",
  unpackedSize: 4096,
  fileCount: 3,
  sha256: "ab",
  createdAt: "2026-11-27T09:00:00.000Z",
  isNext: true,
};
const sentUpdate = {
  id: "1b5c1a52-7d1e-4c8e-9f0a-2d3b4c5d6e7f",
  channel: "beta",
  message: "Fix the typo",
  runtimeVersion: "android-1",
  rolloutPercent: 20,
  paused: false,
  rolledBackAt: null,
  size: 4096,
  sha256: "ab",
  createdAt: "2026-11-27T09:00:00.000Z",
  counts: { asked: 0, downloaded: 0, applied: 0, ready: 0, failed: 0, rolledBack: 0 },
};

/** A stand-in XMLHttpRequest (the upload's progress needs one): records the form, answers 201. */
function stubUpload(answer: unknown) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = "";
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    open() {}
    setRequestHeader() {}
    abort() {}
    send(body: FormData) {
      sent.push(body);
      setTimeout(() => {
        this.status = 201;
        this.responseText = JSON.stringify(answer);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}

function render() {
  stubApi({
    [`GET ${base}/bundles`]: { body: { bundles: [] } },
    [`GET ${base}/deploy-tokens`]: { body: { tokens: [] } },
    [`GET ${base}/updates`]: {
      body: {
        appKey: "shop",
        channels: [{ name: "beta", embeddedAt: null, createdAt: bundle.createdAt, updates: [] }],
        buildChannel: "production",
      },
    },
  });
  renderWithApp(
    <>
      <WebAppSection projectId="p1" />
      <Toaster />
    </>,
  );
}

const zip = () => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], "dist.zip");

describe("the Web app section's upload as an update (decision 056)", () => {
  it("uploads the file alone without the opt-in", async () => {
    const sent = stubUpload({ bundle });
    render();
    await userEvent.upload(await screen.findByLabelText(BundlesTexts.choose), zip());
    expect(await screen.findByText(BundlesTexts.uploaded)).toBeTruthy();
    expect([...(sent[0]?.keys() ?? [])]).toEqual(["bundle"]);
  });

  it("sends the channel, rollout and message before the file, and says where the update went", async () => {
    const sent = stubUpload({ bundle, update: sentUpdate });
    render();
    await userEvent.click(await screen.findByLabelText(new RegExp(T.asUpdate)));
    await waitFor(() => expect(screen.getByRole("option", { name: "beta" })).toBeTruthy());
    await userEvent.selectOptions(screen.getByLabelText(T.uploadChannel), "beta");
    const rollout = screen.getByLabelText(T.uploadRollout);
    await userEvent.clear(rollout);
    await userEvent.type(rollout, "0");
    await userEvent.upload(screen.getByLabelText(BundlesTexts.choose), zip());
    // The deploy's own schema refuses it before anything is sent.
    expect((await screen.findAllByText(UpdatesTexts.invalidRollout)).length).toBeGreaterThan(0);
    expect(sent).toHaveLength(0);
    await userEvent.clear(rollout);
    await userEvent.type(rollout, "20");
    await userEvent.type(screen.getByLabelText(T.uploadMessage), "Fix the typo");
    await userEvent.upload(screen.getByLabelText(BundlesTexts.choose), zip());
    expect(await screen.findByText(T.uploadedAsUpdate(20, "beta"))).toBeTruthy();
    const form = sent[0];
    expect([...(form?.keys() ?? [])]).toEqual([
      "asUpdate",
      "channel",
      "rolloutPercent",
      "message",
      "bundle",
    ]);
    expect(form?.get("channel")).toBe("beta");
    expect(form?.get("rolloutPercent")).toBe("20");
    expect(form?.get("message")).toBe("Fix the typo");
  });
});
