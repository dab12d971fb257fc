import { DevAppTexts } from "@hybridge/shared/dev-app/app-texts";
import { escapeMarkup } from "./escape-markup";

/**
 * The dev app's own pages, served from its APK as https://localhost/…: the start screen with the
 * recent projects (index.html), the page shown when the dev server or the Hybridge server cannot
 * be reached (unreachable.html?url={address tried}&server=…&app=…&dev={dev server}[&what=server]),
 * the one for an app key the server does not know (unknown.html?server=…&app=…) and the one for
 * an address that is not a dev server on the phone's network (refused.html?url=…), and an
 * update's preview: the page shown while it downloads (preview.html) and the one that says why it
 * could not be opened (preview-failed.html?url={reason}[&what=unknown|server]&server=…). DevActivity
 * loads them with these parameters. Their texts come from the catalogue; their
 * behaviour is dev-app.js, a file of the dev app's www/ folder.
 */
export function renderDevAppPages(): Record<string, string> {
  const t = DevAppTexts;
  const recentTexts = JSON.stringify({
    empty: t.recentEmpty,
    open: t.recentOpen,
    openedAt: t.recentOpenedAt,
  });
  return {
    "index.html": page(
      t.startTitle,
      `<h1>${escapeMarkup(t.startTitle)}</h1>
  <p class="lead">${escapeMarkup(t.startLead)}</p>
  <h2>${escapeMarkup(t.recentTitle)}</h2>
  <div data-recent data-texts="${escapeMarkup(recentTexts)}"></div>
  <h2>${escapeMarkup(t.startHowTitle)}</h2>
  <ol>${t.startHowSteps.map((step) => `<li>${escapeMarkup(step)}</li>`).join("")}</ol>
  <p class="lead">${escapeMarkup(t.startSameNetwork)}</p>`,
    ),
    "unreachable.html": page(
      t.unreachableTitle,
      `<div data-unreachable>
  <div data-when="dev">
  <h1>${escapeMarkup(t.unreachableTitle)}</h1>
  <p class="lead">${escapeMarkup(t.unreachableLead)}</p>
  </div>
  <div data-when="server" hidden>
  <h1>${escapeMarkup(t.unreachableServerTitle)}</h1>
  <p class="lead">${escapeMarkup(t.unreachableServerLead)}</p>
  </div>
  <p class="address" data-address></p>
  <ul data-when="dev">${t.unreachableChecks.map((check) => `<li>${escapeMarkup(check)}</li>`).join("")}</ul>
  <ul data-when="server" hidden>${t.unreachableServerChecks.map((check) => `<li>${escapeMarkup(check)}</li>`).join("")}</ul>
  <div class="actions">
    <a class="button primary" data-retry href="/">${escapeMarkup(t.unreachableRetry)}</a>
    <a class="button" href="/">${escapeMarkup(t.unreachableHome)}</a>
  </div>
  </div>`,
    ),
    "unknown.html": page(
      t.unknownTitle,
      `<div data-unreachable>
  <h1>${escapeMarkup(t.unknownTitle)}</h1>
  <p class="lead">${escapeMarkup(t.unknownLead)}</p>
  <p class="address" data-server></p>
  <div class="actions"><a class="button" href="/">${escapeMarkup(t.unreachableHome)}</a></div>
  </div>`,
    ),
    "preview.html": page(
      t.previewTitle,
      `<h1>${escapeMarkup(t.previewTitle)}</h1>
  <p class="lead">${escapeMarkup(t.previewLead)}</p>`,
    ),
    "preview-failed.html": page(
      t.previewFailedTitle,
      `<div data-unreachable>
  <h1>${escapeMarkup(t.previewFailedTitle)}</h1>
  <div data-when="dev">
  <p class="lead">${escapeMarkup(t.previewFailedLead)}</p>
  <p class="address" data-address></p>
  <p>${escapeMarkup(t.previewFailedHint)}</p>
  </div>
  <div data-when="server" hidden>
  <p class="lead">${escapeMarkup(t.unreachableServerLead)}</p>
  <p class="address" data-address></p>
  <ul>${t.unreachableServerChecks.map((check) => `<li>${escapeMarkup(check)}</li>`).join("")}</ul>
  </div>
  <p data-when="unknown" class="lead" hidden>${escapeMarkup(t.previewUnknownLead)}</p>
  <div class="actions"><a class="button" href="/">${escapeMarkup(t.unreachableHome)}</a></div>
  </div>`,
    ),
    "refused.html": page(
      t.refusedTitle,
      `<div data-unreachable>
  <h1>${escapeMarkup(t.refusedTitle)}</h1>
  <p class="lead">${escapeMarkup(t.refusedLead)}</p>
  <p class="address" data-address></p>
  <p>${escapeMarkup(t.refusedHint)}</p>
  <div class="actions"><a class="button" href="/">${escapeMarkup(t.unreachableHome)}</a></div>
  </div>`,
    ),
  };
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(title)}</title>
<link rel="stylesheet" href="/dev-app.css">
</head>
<body>
<main>
  ${body}
</main>
<script src="/dev-app.js"></script>
</body>
</html>
`;
}
