import { describe, expect, it } from "vitest";
import { buildStatusBadge, formatBuildDate, platformCardState } from "./status-badge";

describe("buildStatusBadge", () => {
  it("names the six known statuses", () => {
    expect(buildStatusBadge("published")).toEqual({ label: "Published", tone: "published" });
    expect(buildStatusBadge("pending")).toEqual({ label: "Pending", tone: "pending" });
    expect(buildStatusBadge("building")).toEqual({ label: "Building", tone: "building" });
    expect(buildStatusBadge("ready")).toEqual({ label: "Ready", tone: "ready" });
    expect(buildStatusBadge("failed")).toEqual({ label: "Failed", tone: "failed" });
    expect(buildStatusBadge("cancelled")).toEqual({ label: "Cancelled", tone: "cancelled" });
  });

  it("shows any other value raw, and 'Unknown' when there is none", () => {
    expect(buildStatusBadge("archived")).toEqual({ label: "archived", tone: "other" });
    expect(buildStatusBadge("")).toEqual({ label: "Unknown", tone: "other" });
    expect(buildStatusBadge("   ")).toEqual({ label: "Unknown", tone: "other" });
    expect(buildStatusBadge(null)).toEqual({ label: "Unknown", tone: "other" });
    expect(buildStatusBadge(undefined)).toEqual({ label: "Unknown", tone: "other" });
  });
});

describe("platformCardState", () => {
  it("follows the spec's card states", () => {
    expect(platformCardState("pending")).toBe("in-progress");
    expect(platformCardState("building")).toBe("in-progress");
    expect(platformCardState("published")).toBe("published");
    expect(platformCardState("ready")).toBe("ready");
    expect(platformCardState("failed")).toBe("failed");
    expect(platformCardState("cancelled")).toBe("none");
    expect(platformCardState("none")).toBe("none");
    expect(platformCardState(undefined)).toBe("none");
  });
});

describe("formatBuildDate", () => {
  it("writes the day in English", () => {
    expect(formatBuildDate("2026-06-03T12:00:00Z")).toBe("June 3, 2026");
  });
});
