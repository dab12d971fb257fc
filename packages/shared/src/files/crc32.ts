/** CRC-32 (IEEE 802.3), as PNG chunks use it. */
const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The starting register of an incremental CRC (see crc32Update and crc32Final). */
export const CRC32_START = 0xffffffff;

/** Folds more bytes into a running CRC register (for data that arrives in pieces). */
export function crc32Update(crc: number, bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = crc;
  for (let i = start; i < end; i++) {
    c = (TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  }
  return c >>> 0;
}

export const crc32Final = (crc: number) => (crc ^ 0xffffffff) >>> 0;

export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  return crc32Final(crc32Update(CRC32_START, bytes, start, end));
}
