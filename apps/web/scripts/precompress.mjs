// Pre-compresses the web build (docs/decisions/025-public-pages-without-hydration.md): next to
// each text file of the build, `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level
// 9), which the server sends as they are (@fastify/static `preCompressed`). A compressed copy
// that would not be smaller is not written: the server then sends the file itself.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats; images, video and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|vtt|txt|xml|webmanifest|map)$/i;

/**
 * Writes the compressed copies for every compressible file under `dir` except `skip` (paths
 * relative to `dir`). Returns, per file, its size and its compressed sizes.
 */
export async function precompress(dir, { skip = [] } = {}) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !skip.includes(path.relative(dir, file)));
  return Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gz(content, { level: 9 }),
      ]);
      if (br.length < content.length) await writeFile(`${file}.br`, br);
      if (gzipped.length < content.length) await writeFile(`${file}.gz`, gzipped);
      return {
        file: path.relative(dir, file),
        size: content.length,
        br: Math.min(br.length, content.length),
        gzip: Math.min(gzipped.length, content.length),
      };
    }),
  );
}
