import { FilesTexts, SvgRefusals } from "./texts";

/**
 * Checks that bytes are a well-formed SVG document (XML with an <svg> root) and that nothing in
 * it can run script or fetch anything: no <script> or <foreignObject>, no event-handler
 * attribute, no javascript:/data: URL, no reference outside the document (only "#fragment"
 * links and url(#id) are allowed), no DOCTYPE/ENTITY declaration and no processing instruction
 * but the XML declaration. Unsafe files are refused rather than cleaned (docs/decisions/007).
 *
 * Also answers the drawing's size: its width/height attributes (plain numbers or px), or the
 * viewBox's when they are absent.
 */
export type SvgInspection =
  | { ok: true; width: number | null; height: number | null }
  | { ok: false; unsafe: boolean; message: string };

const NAME = /[A-Za-z_][A-Za-z0-9_.:-]*/y;
const SPACE = /[ \t\r\n]/;
const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const ANIMATIONS = new Set(["animate", "set", "animatemotion", "animatetransform", "animatecolor"]);

class Refusal extends Error {
  constructor(
    readonly unsafe: boolean,
    message: string,
  ) {
    super(message);
  }
}
const invalid = () => new Refusal(false, FilesTexts.notSvg);
const unsafe = (what: string) => new Refusal(true, FilesTexts.svgRefused(what));

type TextDecoderLike = { decode: (bytes: Uint8Array) => string };
type TextDecoderConstructor = new (label: string, options: { fatal: boolean }) => TextDecoderLike;

function decodeUtf8(bytes: Uint8Array): string {
  const Decoder = (globalThis as unknown as { TextDecoder: TextDecoderConstructor }).TextDecoder;
  try {
    return new Decoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw invalid();
  }
}

/** Replaces character and predefined entity references; anything else is not well-formed XML. */
function decodeReferences(raw: string): string {
  return raw.replace(/&([^;&\s<]*);?/g, (all, body: string) => {
    if (!all.endsWith(";")) throw invalid();
    if (body in PREDEFINED) return PREDEFINED[body] as string;
    const m = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/.exec(body);
    if (!m) throw invalid();
    const code =
      m[1] !== undefined ? Number.parseInt(m[1], 16) : Number.parseInt(m[2] as string, 10);
    if (!(code >= 1 && code <= 0x10ffff)) throw invalid();
    return String.fromCodePoint(code);
  });
}

const localName = (name: string) =>
  (name.includes(":") ? name.slice(name.indexOf(":") + 1) : name).toLowerCase();

/** Browsers ignore ASCII whitespace and control characters inside a URL's scheme. */
const squash = (value: string) =>
  Array.from(value)
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join("")
    .toLowerCase();

function checkReference(target: string) {
  const t = squash(target.replace(/^["']|["']$/g, ""));
  if (t === "" || t.startsWith("#")) return;
  if (t.startsWith("javascript:") || t.startsWith("vbscript:") || t.startsWith("data:")) {
    throw unsafe(SvgRefusals.scriptOrDataUrl);
  }
  throw unsafe(SvgRefusals.externalReference);
}

/** CSS (a style attribute or a <style> element): only url(#id) references, no @import. */
function checkCss(css: string) {
  const flat = squash(css.replace(/\\/g, ""));
  if (flat.includes("@import")) throw unsafe(SvgRefusals.externalReference);
  if (flat.includes("javascript:") || flat.includes("vbscript:")) {
    throw unsafe(SvgRefusals.scriptOrDataUrl);
  }
  if (flat.includes("expression(")) throw unsafe(SvgRefusals.externalReference);
  for (const m of css.matchAll(/url\s*\(\s*([^)]*)\)/gi)) checkReference((m[1] as string).trim());
}

function checkAttribute(element: string, name: string, value: string) {
  const local = localName(name);
  if (local.startsWith("on")) throw unsafe(SvgRefusals.eventHandler(name));
  const flat = squash(value);
  if (flat.includes("javascript:") || flat.includes("vbscript:")) {
    throw unsafe(SvgRefusals.scriptOrDataUrl);
  }
  if (
    local === "href" ||
    local === "src" ||
    local === "base" ||
    name.toLowerCase() === "xml:base"
  ) {
    checkReference(value);
  }
  if (/url\s*\(/i.test(value) || local === "style") checkCss(value);
  if (ANIMATIONS.has(element) && local === "attributename") {
    const target = localName(value.trim());
    if (target === "href" || target === "src") throw unsafe(SvgRefusals.externalReference);
    if (target.startsWith("on")) throw unsafe(SvgRefusals.eventHandler(value.trim()));
  }
}

function parseLength(value: string | undefined): number | null {
  if (value === undefined) return null;
  const m = /^\s*((?:\d+(?:\.\d*)?)|(?:\.\d+))\s*(px)?\s*$/.exec(value);
  return m ? Number(m[1]) : Number.NaN;
}

function parseViewBox(value: string | undefined): [number, number] | null {
  if (value === undefined) return null;
  const parts = value
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  return [parts[2] as number, parts[3] as number];
}

export function inspectSvg(input: Uint8Array | string): SvgInspection {
  try {
    return parse(typeof input === "string" ? input : decodeUtf8(input));
  } catch (error) {
    if (error instanceof Refusal)
      return { ok: false, unsafe: error.unsafe, message: error.message };
    throw error;
  }
}

function parse(source: string): SvgInspection {
  const text = source.startsWith("\uFEFF") ? source.slice(1) : source;
  let i = 0;

  // The XML declaration, only at the very start; a non-UTF-8 encoding is not supported.
  if (/^<\?xml[ \t\r\n?]/.test(text)) {
    const end = text.indexOf("?>");
    if (end < 0) throw invalid();
    const encoding = /encoding\s*=\s*["']([^"']*)["']/.exec(text.slice(0, end))?.[1];
    if (encoding && !/^(utf-?8|us-ascii)$/i.test(encoding)) throw invalid();
    i = end + 2;
  }

  const stack: string[] = [];
  let root: Map<string, string> | null = null;
  let rootClosed = false;
  let css = "";

  const readName = (): string => {
    NAME.lastIndex = i;
    const m = NAME.exec(text);
    if (!m) throw invalid();
    i += m[0].length;
    return m[0];
  };
  const skipSpace = () => {
    let skipped = false;
    while (i < text.length && SPACE.test(text[i] as string)) {
      i++;
      skipped = true;
    }
    return skipped;
  };

  while (i < text.length) {
    const lt = text.indexOf("<", i);
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    if (chunk.length > 0) {
      if (stack.length === 0 && chunk.trim() !== "") throw invalid();
      if (chunk.includes("]]>")) throw invalid();
      const decoded = decodeReferences(chunk);
      if (stack.at(-1) === "style") css += decoded;
    }
    if (lt < 0) break;
    i = lt;

    if (text.startsWith("<!--", i)) {
      const end = text.indexOf("-->", i + 4);
      if (end < 0) throw invalid();
      i = end + 3;
      continue;
    }
    if (text.startsWith("<![CDATA[", i)) {
      const end = text.indexOf("]]>", i + 9);
      if (end < 0 || stack.length === 0) throw invalid();
      if (stack.at(-1) === "style") css += text.slice(i + 9, end);
      i = end + 3;
      continue;
    }
    if (text.startsWith("<!", i)) throw unsafe(SvgRefusals.declaration);
    if (text.startsWith("<?", i)) throw unsafe(SvgRefusals.processingInstruction);

    if (text.startsWith("</", i)) {
      i += 2;
      const name = readName();
      skipSpace();
      if (text[i] !== ">") throw invalid();
      i++;
      const open = stack.pop();
      if (open === undefined || open !== localKey(name)) throw invalid();
      if (open === "style") {
        checkCss(css);
        css = "";
      }
      if (stack.length === 0) rootClosed = true;
      continue;
    }

    // A start tag.
    i++;
    const name = readName();
    const element = localName(name);
    if (rootClosed) throw invalid();
    if (root === null && element !== "svg") throw invalid();
    if (element === "script") throw unsafe(SvgRefusals.script);
    if (element === "foreignobject") throw unsafe(SvgRefusals.foreignObject);

    const attributes = new Map<string, string>();
    let selfClosing = false;
    for (;;) {
      const spaced = skipSpace();
      if (text.startsWith("/>", i)) {
        selfClosing = true;
        i += 2;
        break;
      }
      if (text[i] === ">") {
        i++;
        break;
      }
      if (!spaced) throw invalid();
      const attr = readName();
      skipSpace();
      if (text[i] !== "=") throw invalid();
      i++;
      skipSpace();
      const quote = text[i];
      if (quote !== '"' && quote !== "'") throw invalid();
      const end = text.indexOf(quote, i + 1);
      if (end < 0) throw invalid();
      const raw = text.slice(i + 1, end);
      if (raw.includes("<")) throw invalid();
      i = end + 1;
      if (attributes.has(attr)) throw invalid();
      const value = decodeReferences(raw);
      attributes.set(attr, value);
      checkAttribute(element, attr, value);
    }
    if (root === null) root = attributes;
    if (selfClosing) {
      if (stack.length === 0) rootClosed = true;
    } else {
      stack.push(localKey(name));
    }
  }

  if (root === null || !rootClosed || stack.length > 0) throw invalid();
  const viewBox = parseViewBox(root.get("viewBox"));
  return {
    ok: true,
    width: parseLength(root.get("width")) ?? viewBox?.[0] ?? null,
    height: parseLength(root.get("height")) ?? viewBox?.[1] ?? null,
  };
}

/** Start and end tags must match exactly (XML is case-sensitive); <style> is tracked by local name. */
function localKey(name: string): string {
  return localName(name) === "style" ? "style" : name;
}
