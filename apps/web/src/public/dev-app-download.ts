import { DEV_APP_STATUS_PATH } from "@hybridge/shared/dev-app/links";
import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";

/**
 * The dev app's download buttons of a public page (components/dev-app/dev-app-download.tsx
 * wrote them in their "looking" state): one /api/dev-app request, then either the download link
 * of the button's `<template>` with its version and size, or the reason there is none. Read
 * without zod, as session-links.ts does, to keep npm code out of the public script.
 */
export async function showDevAppDownloads(root: HTMLElement) {
  const boxes = [...root.querySelectorAll<HTMLElement>("[data-dev-app-download]")];
  if (boxes.length === 0) return;
  const status = await devAppStatus();
  for (const box of boxes) {
    const template = box.querySelector<HTMLTemplateElement>("template[data-dev-app-available]");
    if (status?.available === true && template) {
      const link = template.content.cloneNode(true) as DocumentFragment;
      const detail = link.querySelector("[data-dev-app-detail]");
      if (detail) {
        detail.textContent = DevLinkTexts.versionAndSize(
          status.version,
          (status.size / 1024 / 1024).toFixed(1),
        );
      }
      box.replaceChildren(link);
      continue;
    }
    const hint = box.querySelector("[data-dev-app-hint]");
    if (hint) {
      hint.textContent =
        status && status.available === false ? status.reason : DevLinkTexts.unavailableCheckFailed;
    }
    box.querySelector<HTMLElement>("[data-dev-app-badge]")?.removeAttribute("hidden");
  }
}

type Status =
  | { available: true; version: string; size: number }
  | { available: false; reason: string };

async function devAppStatus(): Promise<Status | null> {
  try {
    const response = await fetch(DEV_APP_STATUS_PATH, { headers: { accept: "application/json" } });
    if (!response.ok) return null;
    const body = (await response.json()) as Record<string, unknown> | null;
    if (
      body?.available === true &&
      typeof body.version === "string" &&
      typeof body.size === "number"
    ) {
      return { available: true, version: body.version, size: body.size };
    }
    if (body?.available === false && typeof body.reason === "string") {
      return { available: false, reason: body.reason };
    }
    return null;
  } catch {
    return null;
  }
}
