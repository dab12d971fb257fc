import { describe, expect, it } from "vitest";
import { checkSvgIconFile } from "./icons";
import { inspectSvg } from "./svg";
import { FilesTexts, SvgRefusals } from "./texts";

/** ASCII text as bytes (the shared package has no DOM or Node types). */
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

const svg = (inner = "", attrs = 'width="48" height="48"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attrs}>${inner}</svg>`;
const refused = (what: string) => ({
  ok: false,
  unsafe: true,
  message: FilesTexts.svgRefused(what),
});

describe("inspectSvg", () => {
  it("accepts a plain drawing and answers its size", () => {
    expect(inspectSvg(svg('<circle cx="24" cy="24" r="20" fill="#0E904D"/>'))).toEqual({
      ok: true,
      width: 48,
      height: 48,
    });
    expect(
      inspectSvg(
        `<?xml version="1.0" encoding="UTF-8"?>\n<!-- icon -->\n${svg(
          '<defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="4" height="4"/><use xlink:href="#g"/><style><![CDATA[rect{fill:url(#g)}]]></style>',
          'width="48px" height="48px"',
        )}`,
      ),
    ).toEqual({ ok: true, width: 48, height: 48 });
  });

  it("takes the viewBox when width and height are absent", () => {
    expect(inspectSvg(svg("", 'viewBox="0 0 48 48"'))).toEqual({ ok: true, width: 48, height: 48 });
    expect(inspectSvg(svg("", 'viewBox="0,0,24,24"'))).toEqual({ ok: true, width: 24, height: 24 });
    expect(inspectSvg(svg("", 'width="100%" height="48" viewBox="0 0 48 48"'))).toMatchObject({
      width: Number.NaN,
    });
  });

  it("refuses scripts, foreign objects and event handlers", () => {
    expect(inspectSvg(svg("<script>alert(1)</script>"))).toEqual(refused(SvgRefusals.script));
    expect(inspectSvg(svg('<html:script xmlns:html="http://www.w3.org/1999/xhtml"/>'))).toEqual(
      refused(SvgRefusals.script),
    );
    expect(inspectSvg(svg("<foreignObject><div/></foreignObject>"))).toEqual(
      refused(SvgRefusals.foreignObject),
    );
    expect(inspectSvg(svg("", 'width="48" height="48" onload="alert(1)"'))).toEqual(
      refused(SvgRefusals.eventHandler("onload")),
    );
    expect(inspectSvg(svg('<rect ONCLICK="x()"/>'))).toEqual(
      refused(SvgRefusals.eventHandler("ONCLICK")),
    );
    expect(inspectSvg(svg('<set attributeName="onmouseover" to="alert(1)"/>'))).toMatchObject({
      ok: false,
      unsafe: true,
    });
  });

  it("refuses javascript: and data: URLs, even disguised", () => {
    const bad = refused(SvgRefusals.scriptOrDataUrl);
    expect(inspectSvg(svg('<a href="javascript:alert(1)"><rect/></a>'))).toEqual(bad);
    expect(inspectSvg(svg('<a xlink:href=" jav&#x09;ascript:alert(1)"/>'))).toEqual(bad);
    expect(inspectSvg(svg('<a href="&#106;avascript:alert(1)"/>'))).toEqual(bad);
    expect(inspectSvg(svg('<image href="data:image/png;base64,AAAA"/>'))).toEqual(bad);
    expect(inspectSvg(svg('<rect style="fill:url(data:image/svg+xml,abc)"/>'))).toEqual(bad);
  });

  it("refuses external references", () => {
    const bad = refused(SvgRefusals.externalReference);
    expect(inspectSvg(svg('<image href="https://evil.test/x.png"/>'))).toEqual(bad);
    expect(inspectSvg(svg('<use xlink:href="other.svg#icon"/>'))).toEqual(bad);
    expect(inspectSvg(svg('<rect fill="url(https://evil.test/p#g)"/>'))).toEqual(bad);
    expect(inspectSvg(svg("<style>@import url(#x);</style>"))).toEqual(bad);
    expect(inspectSvg(svg("<style>rect{fill:url('//evil.test/a')}</style>"))).toEqual(bad);
    expect(inspectSvg(svg('<animate attributeName="href" to="https://evil.test"/>'))).toEqual(bad);
  });

  it("refuses DOCTYPE and ENTITY declarations and processing instructions", () => {
    expect(inspectSvg(`<!DOCTYPE svg [<!ENTITY x "y">]>${svg("&x;")}`)).toEqual(
      refused(SvgRefusals.declaration),
    );
    expect(inspectSvg(`<?xml-stylesheet href="https://evil.test/a.css"?>${svg()}`)).toEqual(
      refused(SvgRefusals.processingInstruction),
    );
  });

  it("refuses what is not a well-formed SVG document", () => {
    const notSvg = { ok: false, unsafe: false, message: FilesTexts.notSvg };
    expect(inspectSvg("<html><body/></html>")).toEqual(notSvg);
    expect(inspectSvg(svg("<g>"))).toEqual(notSvg);
    expect(inspectSvg(`${svg()}<svg/>`)).toEqual(notSvg);
    expect(inspectSvg('<svg width=48 height="48"/>')).toEqual(notSvg);
    expect(inspectSvg(svg("&nbsp;"))).toEqual(notSvg);
    expect(inspectSvg("just text")).toEqual(notSvg);
    expect(
      inspectSvg(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff])),
    ).toEqual(notSvg);
  });
});

describe("inspectSvg's allowlist", () => {
  const XHTML = "http://www.w3.org/1999/xhtml";

  it("refuses the audit's XHTML elements, whatever prefix carries them", () => {
    const audit = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="${XHTML}" width="48" height="48"><h:iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"/><h:meta http-equiv="refresh" content="0;url=https://example.com"/><h:object data="http://example.com/x"/></svg>`;
    expect(inspectSvg(audit)).toEqual(refused(SvgRefusals.foreignElement("h:iframe")));
    // A prefix is what its declaration says, not what its name suggests.
    expect(inspectSvg(svg(`<svg:iframe xmlns:svg="${XHTML}"/>`))).toEqual(
      refused(SvgRefusals.foreignElement("svg:iframe")),
    );
    expect(inspectSvg(svg(`<g xmlns="${XHTML}"><p/></g>`))).toEqual(
      refused(SvgRefusals.foreignElement("g")),
    );
    expect(
      inspectSvg(
        svg(
          `<g xmlns:h="${XHTML}"><g xmlns:h="http://www.w3.org/2000/svg"><h:rect/></g><h:rect/></g>`,
        ),
      ),
    ).toEqual(refused(SvgRefusals.foreignElement("h:rect")));
    expect(inspectSvg(svg("<x:rect/>"))).toEqual({
      ok: false,
      unsafe: false,
      message: FilesTexts.notSvg,
    });
  });

  it("refuses SVG elements and attributes that are not on the lists", () => {
    for (const [inner, what] of [
      ['<image href="#a"/>', SvgRefusals.element("image")],
      ["<iframe/>", SvgRefusals.element("iframe")],
      ["<embed/>", SvgRefusals.element("embed")],
      ['<a href="#x"/>', SvgRefusals.element("a")],
      ['<animate attributeName="x"/>', SvgRefusals.element("animate")],
      ['<feImage href="#a"/>', SvgRefusals.element("feImage")],
      ['<rect srcdoc="x"/>', SvgRefusals.attribute("srcdoc")],
      ['<rect data="x"/>', SvgRefusals.attribute("data")],
      ['<rect http-equiv="refresh"/>', SvgRefusals.attribute("http-equiv")],
      ['<rect xml:base="#a"/>', SvgRefusals.attribute("xml:base")],
      ['<rect xlink:title="a"/>', SvgRefusals.attribute("xlink:title")],
      [`<rect h:class="a" xmlns:h="${XHTML}"/>`, SvgRefusals.attribute("h:class")],
      ['<rect xlink:href="#a" xmlns:xlink="urn:not-xlink"/>', SvgRefusals.attribute("xlink:href")],
    ] as const) {
      expect(inspectSvg(svg(inner))).toEqual(refused(what));
    }
  });

  it("refuses CSS that loads anything, however it is spelled", () => {
    const bad = refused(SvgRefusals.externalReference);
    expect(inspectSvg(svg("<style>@\\69mport 'x.css';</style>"))).toEqual(bad);
    expect(inspectSvg(svg("<style>rect{fill:\\75rl(https://evil.test/a)}</style>"))).toEqual(bad);
    expect(inspectSvg(svg("<style>rect{fill:u/**/rl(https://evil.test/a)}</style>"))).toEqual(bad);
    expect(
      inspectSvg(svg("<style>rect{background:image-set('https://evil.test/a.png' 1x)}</style>")),
    ).toEqual(bad);
    expect(inspectSvg(svg('<rect style="fill:url(#a) url(//evil.test/b)"/>'))).toEqual(bad);
    expect(inspectSvg(svg("<style>rect{fill:url(#a)}</style>"))).toMatchObject({ ok: true });
  });

  it("accepts what drawing editors write in their own namespaces, and still checks it", () => {
    const inkscape = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg width="48" height="48" viewBox="0 0 48 48" version="1.1" id="svg1"
   inkscape:version="1.3.2 (091e20e, 2023-11-25)" sodipodi:docname="bell.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:cc="http://creativecommons.org/ns#"
   xmlns:dc="http://purl.org/dc/elements/1.1/">
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:zoom="16" />
  <defs id="defs1" />
  <metadata><rdf:RDF><cc:Work rdf:about=""><dc:title>Bell</dc:title></cc:Work></rdf:RDF></metadata>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">
    <path style="fill:#ffffff" d="M 24,4 C 16,4 12,10 12,18 v 10 l -4,6 h 32 l -4,-6 V 18 C 36,10 32,4 24,4 Z" sodipodi:nodetypes="ssccccss" />
  </g>
</svg>`;
    expect(inspectSvg(inkscape)).toEqual({ ok: true, width: 48, height: 48 });

    const ink = 'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"';
    // Editors' elements get the danger checks like any other.
    expect(inspectSvg(svg(`<inkscape:x ${ink} onload="alert(1)"/>`))).toEqual(
      refused(SvgRefusals.eventHandler("onload")),
    );
    expect(inspectSvg(svg(`<inkscape:x ${ink} inkscape:href="https://evil.test/"/>`))).toEqual(
      refused(SvgRefusals.externalReference),
    );
    expect(inspectSvg(svg(`<inkscape:x ${ink}><script>alert(1)</script></inkscape:x>`))).toEqual(
      refused(SvgRefusals.script),
    );
    // Inside them, SVG's own rules still hold, and XHTML is still foreign.
    expect(inspectSvg(svg(`<inkscape:x ${ink}><image href="#a"/></inkscape:x>`))).toEqual(
      refused(SvgRefusals.element("image")),
    );
    expect(inspectSvg(svg(`<metadata><h:p xmlns:h="${XHTML}">x</h:p></metadata>`))).toEqual(
      refused(SvgRefusals.foreignElement("h:p")),
    );
    // A made-up namespace is not an editor's.
    expect(inspectSvg(svg('<e:x xmlns:e="http://www.inkscape.org/namespaces/other"/>'))).toEqual(
      refused(SvgRefusals.foreignElement("e:x")),
    );
  });

  it("accepts the SVG namespace under any prefix, and inert data-/aria- attributes", () => {
    expect(
      inspectSvg(
        '<s:svg xmlns:s="http://www.w3.org/2000/svg" xmlns:l="http://www.w3.org/1999/xlink" width="48" height="48"><s:defs><s:path id="p" d="M0 0h1"/></s:defs><s:use l:href="#p"/></s:svg>',
      ),
    ).toEqual({ ok: true, width: 48, height: 48 });
    expect(
      inspectSvg(
        svg(
          '<g data-name="Layer 1" aria-hidden="true" xml:space="preserve"><text x="1">Hi<tspan dy="1">!</tspan></text></g>',
        ),
      ),
    ).toMatchObject({ ok: true });
  });
});

describe("checkSvgIconFile", () => {
  const bytes = (s: string) => ascii(s);

  it("checks the name, then the size limit, then the content", () => {
    expect(checkSvgIconFile({ name: "bell.svg", bytes: bytes(svg()) })).toEqual({
      ok: true,
      contentType: "image/svg+xml",
      extension: "svg",
    });
    expect(checkSvgIconFile({ name: "bell.png", bytes: bytes(svg()) })).toEqual({
      ok: false,
      message: "Invalid file type. Allowed: .svg",
    });
    expect(checkSvgIconFile({ name: "bell.svg", bytes: new Uint8Array(100 * 1024 + 1) })).toEqual({
      ok: false,
      message: FilesTexts.tooLarge("100 KB"),
    });
    expect(
      checkSvgIconFile({ name: "bell.svg", bytes: bytes(svg("", 'width="24" height="48"')) }),
    ).toEqual({ ok: false, message: FilesTexts.notificationIconSize });
  });
});
