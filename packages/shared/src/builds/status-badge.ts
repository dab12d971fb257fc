import { BuildsTexts } from "./texts";

export type BuildBadgeTone =
  | "published"
  | "pending"
  | "building"
  | "ready"
  | "failed"
  | "cancelled"
  | "other";

/**
 * The badge of a build status (spec section 4): Published, Pending, Building, and Ready, Failed,
 * Cancelled (decision 020); any other value is shown raw, and an empty one as 'Unknown'.
 */
export function buildStatusBadge(status: string | null | undefined): {
  label: string;
  tone: BuildBadgeTone;
} {
  switch (status) {
    case "published":
      return { label: BuildsTexts.statusLabels.published, tone: "published" };
    case "pending":
      return { label: BuildsTexts.statusLabels.pending, tone: "pending" };
    case "building":
      return { label: BuildsTexts.statusLabels.building, tone: "building" };
    case "ready":
      return { label: BuildsTexts.statusLabels.ready, tone: "ready" };
    case "failed":
      return { label: BuildsTexts.statusLabels.failed, tone: "failed" };
    case "cancelled":
      return { label: BuildsTexts.statusLabels.cancelled, tone: "cancelled" };
    default: {
      const raw = status?.trim();
      return { label: raw ? raw : BuildsTexts.unknownStatus, tone: "other" };
    }
  }
}

/** The state a platform card shows for its latest build (spec section 4, "Platform card states"). */
export type PlatformCardState = "in-progress" | "ready" | "failed" | "published" | "none";

export function platformCardState(status: string | null | undefined): PlatformCardState {
  if (status === "building" || status === "pending") return "in-progress";
  if (status === "ready") return "ready";
  if (status === "failed") return "failed";
  if (status === "published") return "published";
  return "none";
}

/** Dates of builds as the console shows them: "June 3, 2026". */
export function formatBuildDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

/** Date and time of a build request: "Jun 3, 2026, 4:05 PM". */
export function formatBuildDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}
