// The dev app's start screen and unreachable page. The native side (DevWebViewClient) answers
// https://localhost/recent-projects.json from the phone's saved list, and opens
// https://localhost/open?server=…&app=…&url=… as if its link had been scanned.

function openHref(project) {
  const query = new URLSearchParams({
    server: project.server,
    app: project.appKey,
    url: project.url,
  });
  return `/open?${query}`;
}

function formatTime(ms) {
  try {
    return new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  } catch {
    return new Date(ms).toISOString();
  }
}

async function showRecent(list) {
  const texts = JSON.parse(list.dataset.texts);
  let projects = [];
  try {
    const response = await fetch("/recent-projects.json", { cache: "no-store" });
    if (response.ok) projects = await response.json();
  } catch {
    projects = [];
  }
  list.replaceChildren();
  if (!Array.isArray(projects) || projects.length === 0) {
    const empty = document.createElement("p");
    empty.className = "empty";
    empty.textContent = texts.empty;
    list.append(empty);
    return;
  }
  const items = document.createElement("ul");
  items.className = "recent";
  for (const project of projects) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = openHref(project);
    link.setAttribute("aria-label", `${texts.open} ${project.name}`);
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = project.name;
    const where = document.createElement("span");
    where.className = "where";
    where.textContent = project.url;
    const when = document.createElement("span");
    when.className = "when";
    when.textContent = `${texts.openedAt} ${formatTime(project.time)}`;
    link.append(name, where, when);
    item.append(link);
    items.append(item);
  }
  list.append(items);
}

// The address tried, the variant (the dev server's or the Hybridge server's), and Retry: the
// project's link again, which asks the server and loads the dev server anew.
function showUnreachable(page) {
  const params = new URLSearchParams(location.search);
  for (const element of page.querySelectorAll("[data-address]")) {
    element.textContent = params.get("url") ?? "";
  }
  for (const element of page.querySelectorAll("[data-server]")) {
    element.textContent = params.get("server") ?? "";
  }
  // "dev" (the dev server's, or a preview's download), "server" or "unknown" (a preview's).
  const asked = params.get("what");
  const what = asked === "server" || asked === "unknown" ? asked : "dev";
  for (const element of page.querySelectorAll("[data-when]")) {
    element.hidden = element.dataset.when !== what;
  }
  const retry = page.querySelector("[data-retry]");
  if (retry) {
    const server = params.get("server");
    const app = params.get("app");
    const dev = params.get("dev") ?? params.get("url");
    if (server && app && dev) retry.href = openHref({ server, appKey: app, url: dev });
    else retry.hidden = true;
  }
}

const recent = document.querySelector("[data-recent]");
if (recent) showRecent(recent);
const unreachable = document.querySelector("[data-unreachable]");
if (unreachable) showUnreachable(unreachable);
