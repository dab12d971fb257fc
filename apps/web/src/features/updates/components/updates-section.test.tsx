// @vitest-environment happy-dom
import { UpdatesConsoleTexts as T, UpdatesTexts } from "@hybridge/shared/updates/texts";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "@/test/fake-event-source";
import { renderWithApp, stubApi } from "@/test/render";
import { isDeletable, parseRollout, UpdatesSection } from "./updates-section";

beforeEach(() => {
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  FakeEventSource.opened = [];
  cleanup();
  vi.unstubAllGlobals();
});

const base = "/api/projects/p1";
const OLD = "0b5c1a52-7d1e-4c8e-9f0a-2d3b4c5d6e7f";
const NEW = "1b5c1a52-7d1e-4c8e-9f0a-2d3b4c5d6e7f";
const counts = { asked: 3, downloaded: 2, applied: 1, ready: 1, failed: 0, rolledBack: 0 };
const update = (id: string, message: string, rolloutPercent: number) => ({
  id,
  channel: "production",
  message,
  runtimeVersion: "1",
  rolloutPercent,
  paused: false,
  rolledBackAt: null,
  size: 4096,
  sha256: "ab",
  createdAt: "2026-11-27T09:00:00.000Z",
  counts,
});
const channels = [
  {
    name: "production",
    embeddedAt: null,
    createdAt: "2026-11-27T08:00:00.000Z",
    updates: [update(NEW, "Fix the typo", 20), update(OLD, "First", 100)],
  },
];

describe("the Updates section", () => {
  it("says how to make the first update when there is none", async () => {
    stubApi({
      [`GET ${base}/updates`]: {
        body: { appKey: "shop", channels: [], buildChannel: "production" },
      },
    });
    renderWithApp(<UpdatesSection projectId="p1" />);
    expect(await screen.findByText(T.empty)).toBeTruthy();
  });

  it("rolls the newest update out further after a confirmation, refusing a lower share", async () => {
    const calls = stubApi({
      [`GET ${base}/updates`]: { body: { appKey: "shop", channels, buildChannel: "production" } },
      [`PATCH ${base}/updates/${NEW}`]: { body: { update: update(NEW, "Fix the typo", 50) } },
    });
    renderWithApp(
      <>
        <UpdatesSection projectId="p1" />
        <Toaster />
      </>,
    );
    const row = await screen.findByRole("listitem", { name: "Fix the typo" });
    expect(within(row).getByText(`${T.rollout} 20 %`)).toBeTruthy();
    await userEvent.click(within(row).getByRole("button", { name: /Roll out further/ }));
    const dialog = await screen.findByRole("alertdialog");
    const field = within(dialog).getByLabelText(T.rollOutLabel);
    await userEvent.clear(field);
    await userEvent.type(field, "10");
    await userEvent.click(within(dialog).getByRole("button", { name: T.rollOutConfirm }));
    expect(await within(dialog).findByText(T.rollOutInvalid(20))).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, "50");
    await userEvent.click(within(dialog).getByRole("button", { name: T.rollOutConfirm }));
    expect(await screen.findByText(T.rolledOut(50))).toBeTruthy();
    const patch = calls.find((call) => call.method === "PATCH");
    expect(patch?.url).toBe(`${base}/updates/${NEW}`);
  });

  it("rolls the channel back to the earlier update after a confirmation", async () => {
    const calls = stubApi({
      [`GET ${base}/updates`]: { body: { appKey: "shop", channels, buildChannel: "production" } },
      [`POST ${base}/channels/production/rollback`]: { body: {} },
    });
    renderWithApp(
      <>
        <UpdatesSection projectId="p1" />
        <Toaster />
      </>,
    );
    const row = await screen.findByRole("listitem", { name: "First" });
    await userEvent.click(within(row).getByRole("button", { name: /Roll back to this/ }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: T.rollBackConfirm }));
    expect(await screen.findByText(T.rolledBackDone)).toBeTruthy();
    expect(calls.some((call) => call.url === `${base}/channels/production/rollback`)).toBe(true);
  });
});

describe("the Updates section's other actions", () => {
  it("pauses an update and rolls the channel back to the builds' bundle, each confirmed", async () => {
    const calls = stubApi({
      [`GET ${base}/updates`]: { body: { appKey: "shop", channels, buildChannel: "production" } },
      [`PATCH ${base}/updates/${NEW}`]: {
        body: { update: { ...update(NEW, "Fix the typo", 20), paused: true } },
      },
      [`POST ${base}/channels/production/rollback`]: { body: {} },
    });
    renderWithApp(
      <>
        <UpdatesSection projectId="p1" />
        <Toaster />
      </>,
    );
    const row = await screen.findByRole("listitem", { name: "Fix the typo" });
    await userEvent.click(within(row).getByRole("button", { name: /Pause/ }));
    let dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: T.pause }));
    expect(await screen.findByText(T.pausedDone)).toBeTruthy();
    expect(calls.find((call) => call.method === "PATCH")?.body).toBe(
      JSON.stringify({ paused: true }),
    );

    await userEvent.click(screen.getByRole("button", { name: T.rollBackEmbedded }));
    dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(T.rollBackEmbeddedText)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: T.rollBackConfirm }));
    expect((await screen.findAllByText(T.rolledBackDone)).length).toBeGreaterThan(0);
    const rollback = calls.find((call) => call.url.endsWith("/rollback"));
    expect(rollback?.body).toBe(JSON.stringify({ to: "embedded" }));
  });
});

describe("the Updates section, live", () => {
  it("reads the counts again when the server says the project's updates changed", async () => {
    const routes: Parameters<typeof stubApi>[0] = {
      [`GET ${base}/updates`]: { body: { appKey: "shop", channels, buildChannel: "production" } },
    };
    stubApi(routes);
    renderWithApp(<UpdatesSection projectId="p1" />);
    const row = await screen.findByRole("listitem", { name: "Fix the typo" });
    expect(FakeEventSource.opened[0]?.url).toBe(`${base}/updates/events`);
    const asked = () => within(row).getByText(T.counts.asked).nextSibling?.textContent;
    expect(asked()).toBe("3");
    const more = { ...counts, asked: 7 };
    routes[`GET ${base}/updates`] = {
      body: {
        appKey: "shop",
        channels: [
          {
            ...channels[0],
            updates: [
              { ...update(NEW, "Fix the typo", 20), counts: more },
              update(OLD, "First", 100),
            ],
          },
        ],
        buildChannel: "production",
      },
    };
    act(() => FakeEventSource.opened[0]?.emit("updates-changed"));
    await waitFor(() =>
      expect(
        within(screen.getByRole("listitem", { name: "Fix the typo" })).getByText(T.counts.asked)
          .nextSibling?.textContent,
      ).toBe("7"),
    );
  });
});

const beta = { name: "beta", embeddedAt: null, createdAt: "2026-11-27T08:00:00.000Z", updates: [] };
/** The section with the production channel above and an empty beta channel. */
const withBeta = {
  body: { appKey: "shop", channels: [...channels, beta], buildChannel: "production" },
};

describe("channels and the builds' channel (decision 056)", () => {
  it("lists an empty channel with its deploy command, and creates one in the New channel dialog", async () => {
    const calls = stubApi({
      [`GET ${base}/updates`]: withBeta,
      [`POST ${base}/updates/channels`]: {
        status: 201,
        body: { channel: { ...beta, name: "qa" } },
      },
    });
    renderWithApp(
      <>
        <UpdatesSection projectId="p1" />
        <Toaster />
      </>,
    );
    expect(await screen.findByText(T.deployCommand("beta"))).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: T.newChannel }));
    const dialog = await screen.findByRole("dialog");
    const name = within(dialog).getByLabelText(T.channelNameLabel);
    // The server's schema, before any call.
    await userEvent.type(name, "Beta Testers");
    await userEvent.click(within(dialog).getByRole("button", { name: T.createChannel }));
    expect(await within(dialog).findByText(UpdatesTexts.invalidChannel)).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    await userEvent.clear(name);
    // Enter submits: the dialog works from the keyboard.
    await userEvent.type(name, "qa{Enter}");
    expect(await screen.findByText(T.channelCreated("qa"))).toBeTruthy();
    const post = calls.find((call) => call.method === "POST");
    expect(JSON.parse(String(post?.body))).toEqual({ name: "qa" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows a taken name's refusal in the dialog and in a toast", async () => {
    stubApi({
      [`GET ${base}/updates`]: { body: { appKey: "shop", channels, buildChannel: "production" } },
      [`POST ${base}/updates/channels`]: {
        status: 409,
        body: { code: "CONFLICT", message: UpdatesTexts.channelExists("production") },
      },
    });
    renderWithApp(
      <>
        <UpdatesSection projectId="p1" />
        <Toaster />
      </>,
    );
    await userEvent.click(await screen.findByRole("button", { name: T.newChannel }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText(T.channelNameLabel), "production{Enter}");
    expect(
      (await screen.findAllByText(UpdatesTexts.channelExists("production"))).length,
    ).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("saves the channel new builds take updates from", async () => {
    const calls = stubApi({
      [`GET ${base}/updates`]: withBeta,
      [`PUT ${base}/updates/build-channel`]: { body: { buildChannel: "beta" } },
    });
    renderWithApp(
      <>
        <UpdatesSection projectId="p1" />
        <Toaster />
      </>,
    );
    const select = await screen.findByLabelText(T.buildChannelLabel);
    expect((select as HTMLSelectElement).value).toBe("production");
    await userEvent.selectOptions(select, "beta");
    expect(await screen.findByText(T.buildChannelSaved("beta"))).toBeTruthy();
    const put = calls.find((call) => call.method === "PUT");
    expect(JSON.parse(String(put?.body))).toEqual({ channel: "beta" });
  });

  it("offers Delete only on updates no install needs, after a confirmation", async () => {
    const calls = stubApi({
      [`GET ${base}/updates`]: {
        body: {
          appKey: "shop",
          channels: [
            {
              ...channels[0],
              updates: [update(NEW, "Fix the typo", 100), update(OLD, "First", 100)],
            },
          ],
          buildChannel: "production",
        },
      },
      [`DELETE ${base}/updates/${OLD}`]: { status: 204, body: {} },
    });
    renderWithApp(
      <>
        <UpdatesSection projectId="p1" />
        <Toaster />
      </>,
    );
    const newest = await screen.findByRole("listitem", { name: "Fix the typo" });
    expect(within(newest).queryByRole("button", { name: /Delete/ })).toBeNull();
    const first = screen.getByRole("listitem", { name: "First" });
    await userEvent.click(within(first).getByRole("button", { name: /Delete/ }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: T.deleteUpdate }));
    expect(await screen.findByText(T.deleted)).toBeTruthy();
    expect(
      calls.some((call) => call.method === "DELETE" && call.url === `${base}/updates/${OLD}`),
    ).toBe(true);
  });
});

describe("isDeletable", () => {
  it("follows the server's rule: rolled back, or a newer live, unpaused 100 % update of the runtime", () => {
    const newer = update(NEW, "new", 100);
    const older = update(OLD, "old", 100);
    expect(isDeletable(older, [newer, older])).toBe(true);
    expect(isDeletable(newer, [newer, older])).toBe(false);
    expect(isDeletable(older, [{ ...newer, rolloutPercent: 50 }, older])).toBe(false);
    expect(isDeletable(older, [{ ...newer, paused: true }, older])).toBe(false);
    expect(isDeletable(older, [{ ...newer, runtimeVersion: "2" }, older])).toBe(false);
    expect(isDeletable({ ...newer, rolledBackAt: "2026-11-27T10:00:00.000Z" }, [newer])).toBe(true);
  });
});

describe("parseRollout", () => {
  it("takes a whole percentage above the current one, at most 100", () => {
    expect(parseRollout("50", 20)).toBe(50);
    expect(parseRollout("20", 20)).toBeNull();
    expect(parseRollout("101", 20)).toBeNull();
    expect(parseRollout("5.5", 1)).toBeNull();
  });
});
