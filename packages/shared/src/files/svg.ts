import { FilesTexts, SvgRefusals } from "./texts";

/**
 * Checks that bytes are a well-formed SVG document (XML with an <svg> root in the SVG namespace)
 * made only of what a drawing needs. It is an allowlist: every element must be in the SVG
 * namespace and on SVG_ELEMENTS, every attribute on SVG_ATTRIBUTES (or xlink:href, xml:lang,
 * xml:space, data-*, aria-*, namespace declarations) — or, for editors' notes, in one of the
 * inert EDITOR_NAMESPACES; prefixes are resolved through the xmlns
 * declarations in scope, never matched by name. On top of that, links and CSS may only point
 * inside the document (`#id`, `url(#id)`), and there is no DOCTYPE/ENTITY declaration and no
 * processing instruction but the XML declaration. Unsafe files are refused rather than cleaned
 * (docs/decisions/007-svg-refusal.md); the refusal names the first thing found, with the most
 * telling reason (a script before "an element icons may not use").
 *
 * Also answers the drawing's size: its width/height attributes (plain numbers or px), or the
 * viewBox's when they are absent.
 */
export type SvgInspection =
  | { ok: true; width: number | null; height: number | null }
  | { ok: false; unsafe: boolean; message: string };

const SVG_NS = "http://www.w3.org/2000/svg";
const XLINK_NS = "http://www.w3.org/1999/xlink";
const XML_NS = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NS = "http://www.w3.org/2000/xmlns/";

/**
 * Namespaces in which drawing editors keep their own bookkeeping (Inkscape's layers and page
 * settings, RDF/Creative Commons/Dublin Core licence metadata, Illustrator's and Sketch's data).
 * A browser renders nothing and runs nothing in a namespace it does not know, so their elements
 * and attributes are inert and accepted — the danger checks still apply to them — and a file
 * saved as "Inkscape SVG" is not refused for its editor's notes. XHTML, MathML and any other
 * namespace stay refused.
 */
const EDITOR_NAMESPACES = new Set([
  "http://www.inkscape.org/namespaces/inkscape",
  "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
  "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  "http://creativecommons.org/ns#",
  "http://web.resource.org/cc/",
  "http://purl.org/dc/elements/1.1/",
  "http://purl.org/dc/terms/",
  "http://ns.adobe.com/AdobeIllustrator/10.0/",
  "http://ns.adobe.com/Extensibility/1.0/",
  "http://ns.adobe.com/Graphs/1.0/",
  "http://ns.adobe.com/Variables/1.0/",
  "http://ns.adobe.com/SaveForWeb/1.0/",
  "http://ns.adobe.com/AdobeSVGViewerExtensions/3.0/",
  "http://www.bohemiancoding.com/sketch/ns",
  "http://www.serif.com/",
]);
const isEditorNs = (ns: string | null) => ns !== null && EDITOR_NAMESPACES.has(ns);

/** Presentational SVG elements (case matters in XML). No script, links, images, media, foreign
 * content, animation, fonts or cursors: nothing that runs, navigates or loads. */
const SVG_ELEMENTS = new Set([
  "svg",
  "g",
  "defs",
  "symbol",
  "use",
  "title",
  "desc",
  // Not rendered; editors keep their RDF licence data in it (EDITOR_NAMESPACES).
  "metadata",
  "style",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "textPath",
  "linearGradient",
  "radialGradient",
  "stop",
  "pattern",
  "clipPath",
  "mask",
  "marker",
  "filter",
  "feBlend",
  "feColorMatrix",
  "feComponentTransfer",
  "feComposite",
  "feDropShadow",
  "feFlood",
  "feFuncA",
  "feFuncB",
  "feFuncG",
  "feFuncR",
  "feGaussianBlur",
  "feMerge",
  "feMergeNode",
  "feMorphology",
  "feOffset",
]);

/** Attributes without a namespace that those elements may carry (geometry and presentation). */
const SVG_ATTRIBUTES = new Set([
  // core and structure
  "id",
  "class",
  "style",
  "lang",
  "role",
  "focusable",
  "version",
  "baseProfile",
  "x",
  "y",
  "width",
  "height",
  "viewBox",
  "preserveAspectRatio",
  "transform",
  "transform-origin",
  "transform-box",
  "enable-background",
  "href",
  // shapes
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "x1",
  "y1",
  "x2",
  "y2",
  "d",
  "points",
  "pathLength",
  // gradients, patterns, clipping, masking, markers
  "gradientUnits",
  "gradientTransform",
  "spreadMethod",
  "fx",
  "fy",
  "fr",
  "offset",
  "stop-color",
  "stop-opacity",
  "patternUnits",
  "patternContentUnits",
  "patternTransform",
  "clipPathUnits",
  "maskUnits",
  "maskContentUnits",
  "mask-type",
  "markerWidth",
  "markerHeight",
  "markerUnits",
  "refX",
  "refY",
  "orient",
  // presentation
  "fill",
  "fill-opacity",
  "fill-rule",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-opacity",
  "opacity",
  "color",
  "clip-path",
  "clip-rule",
  "mask",
  "marker-start",
  "marker-mid",
  "marker-end",
  "display",
  "visibility",
  "overflow",
  "paint-order",
  "vector-effect",
  "shape-rendering",
  "color-interpolation",
  "color-interpolation-filters",
  "color-rendering",
  "image-rendering",
  "text-rendering",
  "mix-blend-mode",
  "isolation",
  "filter",
  "flood-color",
  "flood-opacity",
  "lighting-color",
  // text
  "font",
  "font-family",
  "font-size",
  "font-size-adjust",
  "font-style",
  "font-variant",
  "font-weight",
  "font-stretch",
  "text-anchor",
  "text-decoration",
  "dominant-baseline",
  "alignment-baseline",
  "baseline-shift",
  "letter-spacing",
  "word-spacing",
  "writing-mode",
  "direction",
  "unicode-bidi",
  "dx",
  "dy",
  "rotate",
  "textLength",
  "lengthAdjust",
  "startOffset",
  "method",
  "spacing",
  "side",
  // filter primitives
  "filterUnits",
  "primitiveUnits",
  "in",
  "in2",
  "result",
  "stdDeviation",
  "edgeMode",
  "mode",
  "type",
  "values",
  "operator",
  "k1",
  "k2",
  "k3",
  "k4",
  "radius",
  "tableValues",
  "slope",
  "intercept",
  "amplitude",
  "exponent",
  // <style>
  "media",
  "title",
]);
const INERT_ATTRIBUTE = /^(data-[A-Za-z0-9_.-]+|aria-[a-z]+)$/;

const NAME = /[A-Za-z_][A-Za-z0-9_.:-]*/y;
const SPACE = /[ \t\r\n]/;
const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const ANIMATIONS = new Set(["animate", "set", "animatemotion", "animatetransform", "animatecolor"]);
/** CSS functions that load a resource from a plain string, without url(). */
const CSS_LOADERS = ["image-set(", "image(", "cross-fade(", "src(", "element("];

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
/** Names are the file's: keep the message short whatever they are. */
const shown = (name: string) => (name.length > 40 ? `${name.slice(0, 40)}…` : name);

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

const splitName = (name: string): [prefix: string | null, local: string] => {
  const colon = name.indexOf(":");
  if (colon < 0) return [null, name];
  const local = name.slice(colon + 1);
  // "a:b:c", ":b" and "a:" are not namespace-well-formed.
  if (colon === 0 || local === "" || local.includes(":")) throw invalid();
  return [name.slice(0, colon), local];
};

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
  const t = squash(target.replace(/^\s*["']|["']\s*$/g, ""));
  if (t === "" || t.startsWith("#")) return;
  if (t.startsWith("javascript:") || t.startsWith("vbscript:") || t.startsWith("data:")) {
    throw unsafe(SvgRefusals.scriptOrDataUrl);
  }
  throw unsafe(SvgRefusals.externalReference);
}

/** CSS with its comments removed and its escapes (`\75 rl(`) decoded, as a browser reads it. */
function normalizeCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, "")
    .replace(
      /\\(?:([0-9a-fA-F]{1,6})[ \t\r\n\f]?|([\s\S]))/g,
      (_all, hex?: string, char?: string) => {
        if (hex === undefined) return char === "\n" ? "" : (char ?? "");
        const code = Number.parseInt(hex, 16);
        return code >= 1 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
      },
    );
}

const URL_TOKEN = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^"'()\s]*))\s*\)/gi;

/** CSS (a style attribute or <style> element, or any attribute value): only url(#id). */
function checkCss(css: string) {
  const text = normalizeCss(css);
  const flat = squash(text);
  if (flat.includes("javascript:") || flat.includes("vbscript:")) {
    throw unsafe(SvgRefusals.scriptOrDataUrl);
  }
  if (
    flat.includes("@import") ||
    flat.includes("expression(") ||
    flat.includes("behavior:") ||
    flat.includes("-moz-binding") ||
    CSS_LOADERS.some((f) => flat.includes(f))
  ) {
    throw unsafe(SvgRefusals.externalReference);
  }
  const urls = [...text.matchAll(URL_TOKEN)];
  // A url( that is not a plain url token (odd spacing, nesting…) is not given the benefit of
  // the doubt.
  if (urls.length !== flat.split("url(").length - 1) throw unsafe(SvgRefusals.externalReference);
  for (const m of urls) checkReference(m[1] ?? m[2] ?? m[3] ?? "");
}

type Attribute = { name: string; value: string; prefix: string | null; local: string };
type Scope = ReadonlyMap<string, string>;

const ROOT_SCOPE: Scope = new Map([
  ["xml", XML_NS],
  ["xmlns", XMLNS_NS],
]);

/** The namespaces in scope once this element's own declarations are added. */
function declare(parent: Scope, attributes: Attribute[]): Scope {
  let scope: Map<string, string> | null = null;
  for (const a of attributes) {
    const prefix = a.name === "xmlns" ? "" : a.prefix === "xmlns" ? a.local : null;
    if (prefix === null) continue;
    if (prefix === "xmlns" || (prefix === "xml") !== (a.value === XML_NS)) throw invalid();
    if (prefix !== "" && a.value === "") throw invalid();
    if (a.value === XMLNS_NS) throw invalid();
    scope ??= new Map(parent);
    scope.set(prefix, a.value);
  }
  return scope ?? parent;
}

function resolve(scope: Scope, prefix: string | null, isElement: boolean): string | null {
  if (prefix === null) return isElement ? scope.get("") || null : null;
  const ns = scope.get(prefix);
  if (ns === undefined || ns === "") throw invalid();
  return ns;
}

const isDeclaration = (a: Attribute) => a.name === "xmlns" || a.prefix === "xmlns";

/** The refusals that name a precise danger, checked before the allowlists. */
function checkDangers(element: string, attributes: Attribute[]) {
  const local = element.toLowerCase();
  if (local === "script") throw unsafe(SvgRefusals.script);
  if (local === "foreignobject") throw unsafe(SvgRefusals.foreignObject);
  for (const a of attributes) {
    if (isDeclaration(a)) continue;
    const name = a.local.toLowerCase();
    if (name.startsWith("on")) throw unsafe(SvgRefusals.eventHandler(shown(a.name)));
    if (name === "href" || name === "src" || name === "base") checkReference(a.value);
    checkCss(a.value);
    if (ANIMATIONS.has(local) && name === "attributename") {
      const target = a.value.trim().split(":").at(-1)?.toLowerCase() ?? "";
      if (target === "href" || target === "src") throw unsafe(SvgRefusals.externalReference);
      if (target.startsWith("on")) throw unsafe(SvgRefusals.eventHandler(shown(a.value.trim())));
    }
  }
}

/** The allowlists: SVG elements and attributes a drawing needs, nothing else. */
function checkAllowed(
  name: string,
  ns: string | null,
  local: string,
  attributes: Attribute[],
  scope: Scope,
) {
  const editorElement = isEditorNs(ns);
  if (ns !== SVG_NS && !editorElement) throw unsafe(SvgRefusals.foreignElement(shown(name)));
  if (!editorElement && !SVG_ELEMENTS.has(local)) throw unsafe(SvgRefusals.element(shown(name)));
  const seen = new Set<string>();
  for (const a of attributes) {
    if (isDeclaration(a)) continue;
    const attrNs = resolve(scope, a.prefix, false);
    const key = `${attrNs ?? ""} ${a.local}`;
    if (seen.has(key)) throw invalid();
    seen.add(key);
    const allowed =
      attrNs === null
        ? editorElement || SVG_ATTRIBUTES.has(a.local) || INERT_ATTRIBUTE.test(a.local)
        : attrNs === XLINK_NS
          ? a.local === "href"
          : isEditorNs(attrNs) ||
            (attrNs === XML_NS && (a.local === "lang" || a.local === "space"));
    if (!allowed) throw unsafe(SvgRefusals.attribute(shown(a.name)));
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

type Open = { name: string; scope: Scope; isStyle: boolean };

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

  const stack: Open[] = [];
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
      if (stack.at(-1)?.isStyle) css += decoded;
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
      if (stack.at(-1)?.isStyle) css += text.slice(i + 9, end);
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
      if (open === undefined || open.name !== name) throw invalid();
      if (open.isStyle) {
        checkCss(css);
        css = "";
      }
      if (stack.length === 0) rootClosed = true;
      continue;
    }

    // A start tag: read it whole, since its own xmlns declarations decide what its names mean.
    i++;
    const name = readName();
    if (rootClosed) throw invalid();
    const attributes: Attribute[] = [];
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
      if (attributes.some((a) => a.name === attr)) throw invalid();
      const [prefix, local] = splitName(attr);
      attributes.push({ name: attr, value: decodeReferences(raw), prefix, local });
    }

    const scope = declare(stack.at(-1)?.scope ?? ROOT_SCOPE, attributes);
    const [prefix, local] = splitName(name);
    const ns = resolve(scope, prefix, true);
    if (root === null && (ns !== SVG_NS || local !== "svg")) throw invalid();
    checkDangers(local, attributes);
    checkAllowed(name, ns, local, attributes, scope);

    if (root === null) {
      root = new Map(attributes.filter((a) => a.prefix === null).map((a) => [a.local, a.value]));
    }
    if (selfClosing) {
      if (stack.length === 0) rootClosed = true;
    } else {
      stack.push({ name, scope, isStyle: local === "style" });
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
