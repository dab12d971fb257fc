import { AndroidBuildTexts } from "@hybridge/shared/agents/texts";
import { isLightColor } from "./colors";
import { escapeMarkup } from "./escape-markup";

export interface StarterPageApp {
  name: string;
  /** #RRGGBB */
  themeColor: string;
  /** #RRGGBB */
  statusBarColor: string;
}

/**
 * The index.html of an app built before any web bundle was uploaded: the app's name on its
 * theme colour (the status bar above it has the project's status bar colour), and what to do
 * next. Self-contained (no
 * file but itself), so it works offline from the APK's assets.
 */
export function renderStarterPage(app: StarterPageApp): string {
  const name = escapeMarkup(app.name);
  const text = isLightColor(app.themeColor) ? "#111111" : "#FFFFFF";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${app.statusBarColor}">
<title>${name}</title>
<style>
  html, body { margin: 0; height: 100%; }
  body {
    display: flex; flex-direction: column;
    background: ${app.themeColor}; color: ${text};
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  }
  main {
    flex: 1; display: flex; flex-direction: column; justify-content: center;
    padding: 32px; text-align: center;
  }
  h1 { margin: 0 0 16px; font-size: 2rem; overflow-wrap: anywhere; }
  h2 { margin: 0 0 8px; font-size: 1.25rem; font-weight: 600; }
  p { margin: 0; font-size: 1rem; line-height: 1.5; opacity: 0.9; }
</style>
</head>
<body>
<main>
  <h1>${name}</h1>
  <h2>${escapeMarkup(AndroidBuildTexts.starterHeading)}</h2>
  <p>${escapeMarkup(AndroidBuildTexts.starterBody)}</p>
</main>
</body>
</html>
`;
}
