// Run by scripts/build.mjs: the migrated PGlite cluster a first start loads instead of running
// initdb (src/platform/db/cluster-template.ts). Argument: the file to write.
import { writeClusterTemplate } from "../src/platform/db/cluster-template";

const file = process.argv[2];
if (!file) throw new Error("usage: write-cluster-template.ts <file>");
await writeClusterTemplate(file);
