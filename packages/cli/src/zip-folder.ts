import { readdir } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import yazl from "yazl";

/** Every file under `dir`, as paths relative to it with forward slashes, sorted. */
async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(dir, name)));
    else if (entry.isFile()) out.push(name);
  }
  return out.sort();
}

/** A zip of a folder's files (no symbolic links, no empty folders), made with yazl. */
export async function zipFolder(dir: string): Promise<{ zip: Buffer; files: number }> {
  const names = await filesUnder(dir);
  const zip = new yazl.ZipFile();
  for (const name of names) zip.addFile(path.join(dir, name), name);
  zip.end();
  return { zip: await buffer(zip.outputStream), files: names.length };
}
