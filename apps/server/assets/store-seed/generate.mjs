// Draws the example modules' thumbnails (640×360 PNG) from manifest.json, with node:zlib only.
// Run once after changing a design: `node apps/server/assets/store-seed/generate.mjs`; the PNGs
// are committed, the server never runs this.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const W = 640;
const H = 360;
const dir = path.dirname(fileURLToPath(import.meta.url));

// --- PNG encoding -------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let crc = 0xffffffff;
  for (const b of bytes) crc = CRC_TABLE[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}
const paeth = (a, b, c) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};
/** RGB rows, each with the filter that makes it smallest (the usual sum-of-bytes heuristic). */
function encodePng(rgb) {
  const stride = W * 3;
  const rows = [];
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < H; y++) {
    const row = rgb.subarray(y * stride, (y + 1) * stride);
    let best;
    let bestScore = Number.POSITIVE_INFINITY;
    for (let filter = 0; filter < 5; filter++) {
      const out = Buffer.alloc(stride + 1);
      out[0] = filter;
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= 3 ? row[i - 3] : 0;
        const b = prev[i];
        const c = i >= 3 ? prev[i - 3] : 0;
        const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
        const v = (row[i] - predictor) & 255;
        out[i + 1] = v;
        score += v < 128 ? v : 256 - v;
      }
      if (score < bestScore) {
        bestScore = score;
        best = out;
      }
    }
    rows.push(best);
    prev = Buffer.from(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// --- Drawing: shapes as signed distance functions, anti-aliased by coverage ---------------

const hex = (h) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);

function canvas(top, bottom) {
  const px = new Float64Array(W * H * 3);
  const [a, b] = [hex(top), hex(bottom)];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      // A diagonal gradient.
      const c = mix(a, b, Math.min(1, Math.max(0, (x / W) * 0.45 + (y / H) * 0.55)));
      px.set(c, (y * W + x) * 3);
    }
  }
  return {
    /** Paints `color` (with `alpha`) where the distance `sdf(x, y)` is negative. */
    fill(sdf, color, alpha = 1, box = [0, 0, W, H]) {
      const rgb = hex(color);
      const [x0, y0, x1, y1] = box.map(Math.round);
      for (let y = Math.max(0, y0); y < Math.min(H, y1); y++) {
        for (let x = Math.max(0, x0); x < Math.min(W, x1); x++) {
          const coverage = Math.min(1, Math.max(0, 0.5 - sdf(x + 0.5, y + 0.5))) * alpha;
          if (coverage <= 0) continue;
          const i = (y * W + x) * 3;
          for (let k = 0; k < 3; k++) px[i + k] += (rgb[k] - px[i + k]) * coverage;
        }
      }
    },
    png() {
      return encodePng(Uint8Array.from(px, (v) => Math.round(Math.min(255, Math.max(0, v)))));
    },
  };
}

const circle = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) - r;
function roundRect(x0, y0, x1, y1, r) {
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const hw = (x1 - x0) / 2 - r;
  const hh = (y1 - y0) / 2 - r;
  return (x, y) => {
    const dx = Math.abs(x - cx) - hw;
    const dy = Math.abs(y - cy) - hh;
    return Math.hypot(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0) - r;
  };
}
function segment(ax, ay, bx, by, width) {
  return (x, y) => {
    const [px, py, vx, vy] = [x - ax, y - ay, bx - ax, by - ay];
    const t = Math.max(0, Math.min(1, (px * vx + py * vy) / (vx * vx + vy * vy)));
    return Math.hypot(px - vx * t, py - vy * t) - width / 2;
  };
}
/** A convex polygon (points in either order). */
function polygon(points) {
  let area = 0;
  for (let i = 0; i < points.length; i++) {
    const [ax, ay] = points[i];
    const [bx, by] = points[(i + 1) % points.length];
    area += ax * by - bx * ay;
  }
  const sign = area > 0 ? 1 : -1;
  return (x, y) => {
    let d = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < points.length; i++) {
      const [ax, ay] = points[i];
      const [bx, by] = points[(i + 1) % points.length];
      const [nx, ny] = [by - ay, ax - bx];
      const len = Math.hypot(nx, ny) * sign;
      d = Math.max(d, ((x - ax) * nx + (y - ay) * ny) / len);
    }
    return d;
  };
}
/** An arc of a ring between two angles (radians, clockwise from +x). */
function arc(cx, cy, r, width, from, to) {
  return (x, y) => {
    let a = Math.atan2(y - cy, x - cx);
    if (a < from) a += Math.PI * 2;
    if (a >= from && a <= to) return Math.abs(Math.hypot(x - cx, y - cy) - r) - width / 2;
    const ends = [from, to].map((t) => [cx + r * Math.cos(t), cy + r * Math.sin(t)]);
    return Math.min(...ends.map(([ex, ey]) => Math.hypot(x - ex, y - ey))) - width / 2;
  };
}
const union =
  (...sdfs) =>
  (x, y) =>
    Math.min(...sdfs.map((f) => f(x, y)));
const subtract = (a, b) => (x, y) => Math.max(a(x, y), -b(x, y));

/** Soft decorative bubbles in the corners, the same on every card. */
function decorate(c) {
  c.fill(circle(590, 40, 120), "#ffffff", 0.07);
  c.fill(circle(40, 340, 90), "#ffffff", 0.06);
  c.fill(circle(560, 330, 40), "#ffffff", 0.08);
}

// --- The designs ---------------------------------------------------------------------------

const designs = {
  "interactive-maps"(c) {
    // A street map on a tilted card, a route and a pin.
    c.fill(roundRect(150, 60, 490, 300, 28), "#ffffff", 0.96);
    for (const [ax, ay, bx, by, w] of [
      [150, 140, 490, 190, 14],
      [250, 60, 310, 300, 12],
      [380, 60, 420, 300, 10],
      [150, 250, 490, 230, 8],
    ]) {
      c.fill(
        subtract(
          segment(ax, ay, bx, by, w),
          subtract(roundRect(0, 0, W, H, 0), roundRect(150, 60, 490, 300, 28)),
        ),
        "#d7eee1",
      );
    }
    c.fill(roundRect(330, 205, 372, 240, 6), "#b3eac8");
    c.fill(roundRect(180, 80, 235, 125, 8), "#b3eac8");
    const route = union(segment(200, 270, 280, 200, 7), segment(280, 200, 330, 170, 7));
    c.fill(route, "#0e904d");
    c.fill(circle(200, 270, 9), "#0e904d");
    c.fill(
      union(
        circle(340, 120, 38),
        polygon([
          [312, 142],
          [368, 142],
          [340, 185],
        ]),
      ),
      "#e5484d",
    );
    c.fill(circle(340, 120, 15), "#ffffff");
  },
  "3d-model-viewer"(c) {
    // An isometric cube with a rotation arrow.
    const [cx, cy, s] = [320, 185, 95];
    const top = [cx, cy - s];
    const left = [cx - s * 0.87, cy - s / 2];
    const right = [cx + s * 0.87, cy - s / 2];
    const mid = [cx, cy];
    const bl = [cx - s * 0.87, cy + s / 2];
    const br = [cx + s * 0.87, cy + s / 2];
    const bottom = [cx, cy + s];
    c.fill(polygon([top, right, mid, left]), "#f4f0ff");
    c.fill(polygon([left, mid, bottom, bl]), "#c4b5fd");
    c.fill(polygon([mid, right, br, bottom]), "#8b5cf6");
    for (const [a, b] of [
      [top, right],
      [right, br],
      [br, bottom],
      [bottom, bl],
      [bl, left],
      [left, top],
      [mid, bottom],
      [left, mid],
      [mid, right],
    ]) {
      c.fill(segment(a[0], a[1], b[0], b[1], 3), "#4c1d95", 0.55);
    }
    // A rotation arrow under the cube, its head along the arc's tangent.
    const [r, from, to] = [165, Math.PI * 0.22, Math.PI * 0.78];
    c.fill(arc(cx, cy, r, 8, from, to), "#ffffff", 0.9);
    const [ex, ey] = [cx + r * Math.cos(to), cy + r * Math.sin(to)];
    const [tx, ty] = [-Math.sin(to), Math.cos(to)];
    const [nx, ny] = [-ty, tx];
    c.fill(
      polygon([
        [ex + tx * 24, ey + ty * 24],
        [ex + nx * 14, ey + ny * 14],
        [ex - nx * 14, ey - ny * 14],
      ]),
      "#ffffff",
      0.9,
    );
  },
  "lottie-animations"(c) {
    // A bouncing ball's path, its trail and a play button.
    const path = [
      [120, 280],
      [170, 150],
      [220, 280],
      [265, 190],
      [310, 280],
      [345, 230],
      [380, 280],
    ];
    for (let i = 0; i < path.length - 1; i++) {
      const [a, b] = [path[i], path[i + 1]];
      c.fill(segment(a[0], a[1], b[0], b[1], 4), "#ffffff", 0.35);
    }
    c.fill(segment(100, 296, 400, 296, 6), "#ffffff", 0.8);
    for (const [x, y, r, alpha] of [
      [170, 150, 14, 0.35],
      [265, 190, 16, 0.55],
      [345, 230, 18, 0.75],
    ]) {
      c.fill(circle(x, y, r), "#ffffff", alpha);
    }
    c.fill(circle(380, 262, 20), "#ffffff");
    c.fill(circle(495, 180, 70), "#ffffff", 0.96);
    c.fill(
      polygon([
        [475, 145],
        [535, 180],
        [475, 215],
      ]),
      "#f97316",
    );
  },
  "biometric-login"(c) {
    // A fingerprint inside a phone outline.
    c.fill(
      subtract(roundRect(230, 30, 410, 330, 30), roundRect(242, 42, 398, 318, 20)),
      "#ffffff",
      0.9,
    );
    c.fill(roundRect(290, 50, 350, 60, 5), "#ffffff", 0.9);
    const [cx, cy] = [320, 200];
    for (const [r, from, to] of [
      [16, Math.PI * 1.05, Math.PI * 2.25],
      [30, Math.PI * 0.95, Math.PI * 2.1],
      [44, Math.PI * 1.0, Math.PI * 2.3],
      [58, Math.PI * 1.1, Math.PI * 1.95],
      [72, Math.PI * 1.15, Math.PI * 1.85],
    ]) {
      c.fill(arc(cx, cy, r, 7, from, to), "#7dd3fc");
    }
    c.fill(segment(cx, cy - 2, cx, cy + 60, 7), "#7dd3fc");
    c.fill(arc(cx - 30, cy + 40, 30, 7, Math.PI * 0.1, Math.PI * 0.6), "#7dd3fc");
    c.fill(roundRect(270, 282, 370, 298, 8), "#22c55e");
  },
  "camera-scanner"(c) {
    // Scan-frame corners around a document, and the scan line.
    c.fill(roundRect(250, 80, 390, 280, 10), "#ffffff", 0.95);
    for (let i = 0; i < 6; i++) {
      c.fill(roundRect(272, 110 + i * 26, i % 2 ? 340 : 368, 120 + i * 26, 5), "#99f6e4");
    }
    const corner = (x, y, dx, dy) =>
      union(segment(x, y, x + dx * 46, y, 10), segment(x, y, x, y + dy * 46, 10));
    c.fill(
      union(
        corner(205, 45, 1, 1),
        corner(435, 45, -1, 1),
        corner(205, 315, 1, -1),
        corner(435, 315, -1, -1),
      ),
      "#ffffff",
    );
    c.fill(roundRect(190, 176, 450, 184, 4), "#f43f5e");
    c.fill(roundRect(190, 168, 450, 192, 12), "#f43f5e", 0.18);
  },
};

const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8"));
// `node generate.mjs <slug>` redraws one design only.
const only = process.argv[2];
for (const entry of manifest.modules.filter((m) => !only || m.slug === only)) {
  const design = designs[entry.slug];
  if (!design) throw new Error(`no design for ${entry.slug}`);
  const c = canvas(...entry.colors);
  decorate(c);
  design(c);
  const file = path.join(dir, entry.thumbnail);
  writeFileSync(file, c.png());
  console.log(`${entry.thumbnail}: ${readFileSync(file).length} bytes`);
}
