import { MultipartTexts } from "@hybridge/shared/common/texts";
import { FilesTexts, SvgRefusals } from "@hybridge/shared/files/texts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFileKeys } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../../test/test-app";
import { bitmapPng, jpegBytes, jpegClaiming, pngBytes, svgText } from "../../../test/test-images";
import {
  authed,
  createTestProject,
  type FormPart,
  multipart,
  postProject,
  validFields,
} from "./test-support";

/**
 * What an icon's bytes must be, through the icon routes (PUT /api/projects/:id/icons/:kind and
 * POST /api/projects): a safe SVG made only of allowed SVG elements and attributes; a PNG or JPEG
 * that decodes to 512×512, stored as the server's own PNG (decision 029). Every refusal leaves
 * nothing in storage.
 */

let app: TestApp;
let owner: TestUser;
let projectId: string;
beforeAll(async () => {
  app = await createTestApp();
  owner = await createTestUser(app);
  projectId = (await createTestProject(app, owner.cookie)).id;
});
afterAll(async () => {
  await app?.cleanup();
});

const putIcon = (kind: string, parts: FormPart[]) => {
  const body = multipart(parts);
  return app.inject({
    method: "PUT",
    url: `/api/projects/${projectId}/icons/${kind}`,
    headers: { ...authed(owner.cookie), ...body.headers },
    payload: body.payload,
  });
};
const bell = (data: string | Buffer, filename = "bell.svg"): FormPart => ({
  name: "file",
  filename,
  data,
  contentType: "image/svg+xml",
});
const launch = (data: Buffer, filename = "icon.png"): FormPart => ({
  name: "file",
  filename,
  data,
  contentType: "image/png",
});

/** The root of an SVG of the right size, with the usual namespace declarations. */
const svg = (inner: string, extra = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="48" height="48"${extra}>${inner}</svg>`;
const refused = (what: string) => FilesTexts.svgRefused(what);

/** The notification icon the audit found accepted (200): XHTML elements in an SVG. */
const AUDIT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml" width="48" height="48"><h:iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"/><h:meta http-equiv="refresh" content="0;url=https://example.com"/><h:object data="http://example.com/x"/></svg>';

describe("PUT /api/projects/:id/icons/notification", () => {
  it.each([
    [
      "the audit's XHTML iframe, meta and object",
      AUDIT_SVG,
      refused(SvgRefusals.foreignElement("h:iframe")),
    ],
    ["a script", svgText({ inner: "<script>alert(1)</script>" }), refused(SvgRefusals.script)],
    [
      "a script under any prefix",
      svg('<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>'),
      refused(SvgRefusals.script),
    ],
    [
      "an onload handler",
      svgText({ attrs: 'onload="alert(1)"' }),
      refused(SvgRefusals.eventHandler("onload")),
    ],
    [
      "a foreignObject",
      svg("<foreignObject><p>hi</p></foreignObject>"),
      refused(SvgRefusals.foreignObject),
    ],
    [
      "XHTML through a default namespace set on a child",
      svg('<g xmlns="http://www.w3.org/1999/xhtml"><iframe src="#x"/></g>'),
      refused(SvgRefusals.foreignElement("g")),
    ],
    [
      "XHTML behind the prefix svg:",
      svg('<svg:iframe xmlns:svg="http://www.w3.org/1999/xhtml"/>'),
      refused(SvgRefusals.foreignElement("svg:iframe")),
    ],
    ["an <iframe> in the SVG namespace", svg("<iframe/>"), refused(SvgRefusals.element("iframe"))],
    ["an <image>", svg('<image href="#a"/>'), refused(SvgRefusals.element("image"))],
    ["an <a> link", svg('<a href="#a"><rect/></a>'), refused(SvgRefusals.element("a"))],
    [
      "an animation",
      svg('<rect><animate attributeName="x" to="4"/></rect>'),
      refused(SvgRefusals.element("animate")),
    ],
    [
      "an animation that changes a link",
      svg('<use href="#a"><set attributeName="href" to="https://evil.test/"/></use>'),
      refused(SvgRefusals.externalReference),
    ],
    [
      "a srcdoc attribute",
      svg('<rect srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"/>'),
      refused(SvgRefusals.attribute("srcdoc")),
    ],
    [
      "a data attribute",
      svg('<rect data="https://evil.test/x"/>'),
      refused(SvgRefusals.attribute("data")),
    ],
    [
      "an http-equiv attribute",
      svg('<rect http-equiv="refresh"/>'),
      refused(SvgRefusals.attribute("http-equiv")),
    ],
    [
      "an attribute in a foreign namespace",
      svg('<rect x:onclick="1" xmlns:x="http://www.w3.org/1999/xhtml"/>'),
      refused(SvgRefusals.eventHandler("x:onclick")),
    ],
    [
      "an attribute in a namespace no editor uses",
      svg('<rect e:label="a" xmlns:e="urn:example:editor"/>'),
      refused(SvgRefusals.attribute("e:label")),
    ],
    [
      "a use pointing outside the document",
      svg('<use xlink:href="https://evil.test/sprite.svg#icon"/>'),
      refused(SvgRefusals.externalReference),
    ],
    [
      "a data: URL in a fill",
      svg('<rect fill="url(data:image/svg+xml,x)"/>'),
      refused(SvgRefusals.scriptOrDataUrl),
    ],
    [
      "a url() to another site",
      svg("<rect style=\"fill: url( 'https://evil.test/p#g' )\"/>"),
      refused(SvgRefusals.externalReference),
    ],
    [
      "a style sheet @import",
      svg("<style>@import 'https://evil.test/a.css';</style>"),
      refused(SvgRefusals.externalReference),
    ],
    [
      "an escaped @import",
      svg("<style>@\\69 mport 'https://evil.test/a.css';</style>"),
      refused(SvgRefusals.externalReference),
    ],
    [
      "a CSS image-set()",
      svg("<style>rect{fill:image-set('https://evil.test/a.png' 1x)}</style>"),
      refused(SvgRefusals.externalReference),
    ],
    ["a PNG renamed .svg", pngBytes(48, 48), FilesTexts.notSvg],
    ["an SVG root outside the SVG namespace", '<svg width="48" height="48"/>', FilesTexts.notSvg],
    ["an unbound prefix", svg("<x:rect/>"), FilesTexts.notSvg],
  ])("refuses %s", async (_label, data, message) => {
    const before = storedFileKeys(app).sort();
    const res = await putIcon("notification", [bell(data)]);
    expect(res.json()).toEqual({ code: "VALIDATION", message });
    expect(res.statusCode).toBe(400);
    expect(storedFileKeys(app).sort()).toEqual(before);
  });

  it("accepts a drawing made of allowed SVG elements, with local references only", async () => {
    const drawing = svg(
      [
        "<title>Bell</title><desc>A bell</desc>",
        '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0E904D"/><stop offset="1" stop-color="#fff" stop-opacity=".5"/></linearGradient>',
        '<clipPath id="c"><circle cx="24" cy="24" r="22"/></clipPath><symbol id="s" viewBox="0 0 4 4"><path d="M0 0h4v4z"/></symbol></defs>',
        "<style><![CDATA[.a{fill:url(#g);stroke:#000}]]></style>",
        '<g clip-path="url(#c)" transform="translate(1 1)" data-name="layer" aria-hidden="true">',
        '<rect class="a" width="46" height="46" rx="8"/><use xlink:href="#s" x="4" y="4" width="8" height="8"/><use href="#s" x="30" y="30"/>',
        '<polygon points="24,4 44,44 4,44" fill="none" stroke="url(#g)" stroke-width="2" style="stroke-linejoin:round"/>',
        '<text x="24" y="30" font-size="10" text-anchor="middle">1<tspan dy="2">2</tspan></text></g>',
      ].join(""),
      ' viewBox="0 0 48 48" xml:space="preserve"',
    );
    const res = await putIcon("notification", [bell(drawing)]);
    expect(res.statusCode).toBe(200);
    expect(res.json().project.icNotificationFileUrl).toMatch(/\.svg$/);

    // The SVG namespace under a prefix of its own is the same SVG.
    const prefixed =
      '<s:svg xmlns:s="http://www.w3.org/2000/svg" width="48" height="48"><s:circle r="4"/></s:svg>';
    expect((await putIcon("notification", [bell(prefixed)])).statusCode).toBe(200);

    // A file saved as "Inkscape SVG" keeps its editor's notes: inert, accepted.
    const inkscape = svg(
      '<sodipodi:namedview pagecolor="#fff" inkscape:zoom="16"/><g inkscape:label="Layer 1"><circle r="4"/></g>',
      ' xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" inkscape:version="1.3.2"',
    );
    expect((await putIcon("notification", [bell(inkscape)])).statusCode).toBe(200);
  });
});

describe("PUT /api/projects/:id/icons/launch", () => {
  const png = pngBytes(512, 512);
  const jpeg = jpegBytes(512, 512);
  const html = Buffer.from("<html><script>alert(document.cookie)</script></html>");

  it.each([
    [
      "the first 33 bytes of a 512×512 PNG followed by HTML",
      Buffer.concat([png.subarray(0, 33), html]),
      "icon.png",
    ],
    ["a PNG truncated after its header", png.subarray(0, 33), "icon.png"],
    ["a JPEG header followed by HTML", Buffer.concat([jpeg.subarray(0, 200), html]), "icon.jpg"],
    ["HTML named .png", html, "icon.png"],
  ])("refuses %s", async (_label, data, filename) => {
    const before = storedFileKeys(app).sort();
    const res = await putIcon("launch", [launch(data, filename)]);
    expect(res.json()).toEqual({ code: "VALIDATION", message: FilesTexts.notRaster });
    expect(res.statusCode).toBe(400);
    expect(storedFileKeys(app).sort()).toEqual(before);
  });

  it("refuses a pixel bomb and a JPEG claiming 65500×65500 by their header, with the size message", async () => {
    for (const data of [
      bitmapPng(20000, 20000),
      jpegClaiming(65500, 65500),
      bitmapPng(1024, 1024),
    ]) {
      const res = await putIcon("launch", [launch(data)]);
      expect(res.json()).toEqual({ code: "VALIDATION", message: FilesTexts.launchIconSize });
    }
  });

  it("stores the server's own PNG of a PNG or JPEG, even one with bytes after its end", async () => {
    for (const [data, filename] of [
      [png, "icon.png"],
      [jpeg, "icon.jpeg"],
      [Buffer.concat([png, html]), "icon.png"],
      [Buffer.concat([jpeg, html]), "icon.jpg"],
    ] as const) {
      const res = await putIcon("launch", [launch(data, filename)]);
      expect(res.statusCode).toBe(200);
      const url = res.json().project.icLaunchFileUrl;
      expect(url).toMatch(/^\/api\/files\/app-icons\/[0-9a-f-]{36}\.png$/);
      const served = await app.inject({ url, headers: authed(owner.cookie) });
      expect(served.headers["content-type"]).toBe("image/png");
      expect(served.rawPayload.equals(data)).toBe(false);
      expect(served.rawPayload.includes(html)).toBe(false);
      const decoded = await sharp(served.rawPayload).metadata();
      expect([decoded.format, decoded.width, decoded.height]).toEqual(["png", 512, 512]);
    }
  });

  it("refuses a file under another field at once, in our error shape", async () => {
    const before = storedFileKeys(app).sort();
    const res = await putIcon("launch", [{ ...launch(png), name: "other" }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: "VALIDATION",
      message: MultipartTexts.unexpectedFile("other", ["file"]),
    });
    expect(storedFileKeys(app).sort()).toEqual(before);
  });
});

describe("POST /api/projects", () => {
  it("refuses the audit's SVG and a PNG header followed by HTML, creating nothing", async () => {
    const before = storedFileKeys(app).sort();
    const svgRes = await postProject(app, owner.cookie, validFields(), [
      { name: "icNotification", filename: "bell.svg", data: AUDIT_SVG },
    ]);
    expect(svgRes.statusCode).toBe(400);
    expect(svgRes.json().message).toBe(refused(SvgRefusals.foreignElement("h:iframe")));
    const fake = Buffer.concat([pngBytes(512, 512).subarray(0, 33), Buffer.from("<html><script>")]);
    const pngRes = await postProject(app, owner.cookie, validFields(), [
      { name: "icLaunch", filename: "icon.png", data: fake },
    ]);
    expect(pngRes.statusCode).toBe(400);
    expect(pngRes.json().message).toBe(FilesTexts.notRaster);
    expect(storedFileKeys(app).sort()).toEqual(before);
  });
});
