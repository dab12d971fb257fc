import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, bench, describe } from "vitest";
import { openDatabase } from "./client";
import { writeClusterTemplate } from "./cluster-template";

// A first start on an empty DATA_DIR: PGlite's initdb against the build's template
// (cluster-template.ts). Each iteration opens a new cluster folder and closes it.
const root = await mkdtemp(path.join(tmpdir(), "hybridge-fresh-start-"));
const template = path.join(root, "pglite-template.tar.gz");
await writeClusterTemplate(template);
afterAll(() => rm(root, { recursive: true, force: true }));

let n = 0;
const firstStart = async (templateFile: string | undefined) => {
  const dataDir = path.join(root, `cluster-${n++}`);
  const database = await openDatabase({ kind: "pglite", dataDir, templateFile });
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
};

describe("a first start on PGlite (open + migrations)", () => {
  bench("initdb", () => firstStart(undefined), { iterations: 3, time: 0 });
  bench("the build's template", () => firstStart(template), { iterations: 3, time: 0 });
});
