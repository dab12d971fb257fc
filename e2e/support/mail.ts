import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { vi } from "vitest";

export type Mail = {
  file: string;
  to: string;
  subject: string;
  /** The decoded text/plain body. */
  text: string;
  /** Every http(s) link of the text body, in order. */
  links: string[];
};

/**
 * Waits for the newest mail addressed to `to` in the server's file outbox ($DATA_DIR/mail/*.eml,
 * written when SMTP_URL is unset) and decodes it.
 */
export async function readLatestMail(
  dataDir: string,
  to: string,
  options: { timeoutMs?: number } = {},
): Promise<Mail> {
  const outbox = path.join(dataDir, "mail");
  const timeoutMs = options.timeoutMs ?? 10_000;
  return vi.waitFor(
    async () => {
      const mail = await findLatest(outbox, to.toLowerCase());
      if (!mail)
        throw new Error(`No mail to ${to} arrived in ${outbox} within ${timeoutMs / 1000} s`);
      return mail;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

async function findLatest(outbox: string, to: string): Promise<Mail | undefined> {
  let names: string[];
  try {
    names = (await readdir(outbox)).filter((name) => name.endsWith(".eml"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const files = await Promise.all(
    names.map(async (name) => {
      const file = path.join(outbox, name);
      return { file, name, mtime: (await stat(file)).mtimeMs };
    }),
  );
  files.sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name));
  for (const { file } of files) {
    const mail = parseMail(file, await readFile(file, "utf8"));
    if (mail?.to.toLowerCase().includes(to)) return mail;
  }
  return undefined;
}

type Part = { headers: Map<string, string>; body: string };

/** Undefined while the file is still being written (no complete text part yet). */
export function parseMail(file: string, raw: string): Mail | undefined {
  const message = parsePart(raw.replace(/\r\n/g, "\n"));
  if (!message) return undefined;
  const textPart = findTextPart(message);
  if (!textPart) return undefined;
  const text = decodeBody(textPart);
  return {
    file,
    to: decodeWords(message.headers.get("to") ?? ""),
    subject: decodeWords(message.headers.get("subject") ?? ""),
    text,
    links: text.match(/https?:\/\/[^\s<>"')]+/g) ?? [],
  };
}

function parsePart(raw: string): Part | undefined {
  const end = raw.indexOf("\n\n");
  if (end < 0) return undefined;
  const headers = new Map<string, string>();
  // Header lines that start with white space continue the previous one.
  for (const line of raw
    .slice(0, end)
    .replace(/\n[ \t]+/g, " ")
    .split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(end + 2) };
}

function findTextPart(part: Part): Part | undefined {
  const type = part.headers.get("content-type") ?? "text/plain";
  if (/^text\/plain\b/i.test(type)) return part;
  if (!/^multipart\//i.test(type)) return undefined;
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return undefined;
  const sections = part.body.split(`--${boundary}`);
  // A complete multipart body ends with the closing delimiter "--boundary--".
  if (!sections.some((section) => section.startsWith("--"))) return undefined;
  for (const section of sections.slice(1)) {
    if (section.startsWith("--")) break;
    const child = parsePart(section.replace(/^\n/, ""));
    const found = child && findTextPart(child);
    if (found) return found;
  }
  return undefined;
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const body = part.body.replace(/\n$/, "");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Soft line breaks (`=` at the end of a line) vanish; runs of `=XX` are UTF-8 bytes. */
export function decodeQuotedPrintable(input: string): string {
  return input
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-Fa-f]{2})+/g, (run) =>
      Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"),
    );
}

/** RFC 2047 encoded words in headers, e.g. =?UTF-8?Q?R=C3=A9initialiser?= */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}
