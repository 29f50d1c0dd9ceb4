// A tidy head-and-shoulders placeholder portrait, drawn with anti-aliased
// shapes into an RGBA buffer: real JPEG bytes for every demo member without
// shipping photographs of real people. Designed on a 480 x 600 canvas.
import type { Gender } from "#shared/constants.ts";
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphPixel } from "./bitmap-font.ts";
import type { Complexion } from "./people-lists.ts";
import type { Rng } from "./random.ts";

export type Rgb = readonly [number, number, number];

export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface PortraitSpec {
  gender: Gender;
  skin: Rgb;
  hair: Rgb;
  clothing: Rgb;
  accent: Rgb;
  backgroundTop: Rgb;
  backgroundBottom: Rgb;
  /** Two letters in a corner badge, or null for pooled photos that many members share. */
  initials: string | null;
  /** 0 long hair / short crop, 1 shoulder length / fuller crop. */
  hairStyle: 0 | 1;
  headScale: number;
}

export const PORTRAIT_WIDTH = 480;
export const PORTRAIT_HEIGHT = 600;

const SKIN: Readonly<Record<Complexion, Rgb>> = {
  "Very Fair": [238, 200, 172],
  Fair: [224, 178, 144],
  Wheatish: [204, 150, 110],
  "Wheatish Brown": [176, 122, 84],
  Dark: [134, 90, 62],
};
const HAIR: readonly Rgb[] = [
  [26, 22, 22],
  [44, 32, 28],
  [36, 28, 26],
  [58, 40, 30],
];
const SAREES: readonly Rgb[] = [
  [128, 24, 48],
  [176, 38, 110],
  [18, 118, 120],
  [196, 140, 28],
  [30, 120, 60],
  [40, 70, 160],
  [214, 104, 40],
  [100, 50, 130],
  [222, 140, 120],
];
const SHIRTS: readonly Rgb[] = [
  [236, 238, 240],
  [170, 200, 230],
  [32, 48, 90],
  [120, 126, 134],
  [96, 110, 70],
  [110, 30, 40],
  [40, 40, 46],
  [120, 170, 220],
  [186, 176, 214],
];
const GOLD: readonly Rgb[] = [
  [212, 170, 60],
  [226, 190, 90],
  [190, 150, 50],
];
const BACKGROUNDS: readonly (readonly [Rgb, Rgb])[] = [
  [
    [216, 230, 242],
    [186, 206, 228],
  ],
  [
    [250, 230, 214],
    [234, 202, 184],
  ],
  [
    [222, 240, 230],
    [190, 220, 204],
  ],
  [
    [234, 226, 246],
    [206, 196, 228],
  ],
  [
    [246, 240, 222],
    [226, 216, 190],
  ],
  [
    [234, 236, 238],
    [204, 208, 214],
  ],
  [
    [246, 224, 228],
    [226, 194, 202],
  ],
];

function jitter(rng: Rng, color: Rgb, amount: number): Rgb {
  const shift = () => rng.between(-amount, amount);
  return [color[0] + shift(), color[1] + shift(), color[2] + shift()];
}

export function portraitSpec(rng: Rng, gender: Gender, complexion: Complexion, initials: string | null): PortraitSpec {
  const [backgroundTop, backgroundBottom] = rng.pick(BACKGROUNDS);
  return {
    gender,
    skin: jitter(rng, SKIN[complexion], 6),
    hair: rng.pick(HAIR),
    clothing: jitter(rng, rng.pick(gender === "F" ? SAREES : SHIRTS), 8),
    accent: rng.pick(GOLD),
    backgroundTop,
    backgroundBottom,
    initials,
    hairStyle: rng.chance(0.5) ? 0 : 1,
    headScale: 0.95 + rng.float() * 0.1,
  };
}

function shade(color: Rgb, factor: number): Rgb {
  return [color[0] * factor, color[1] * factor, color[2] * factor];
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function luminance(color: Rgb): number {
  return 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2];
}

/** Coverage of a pixel centre by a shape, 0..1; the half-pixel ramp is the anti-aliasing. */
type Coverage = (x: number, y: number) => number;

const ramp = (distance: number) => Math.min(1, Math.max(0, 0.5 - distance));

function ellipse(cx: number, cy: number, rx: number, ry: number): Coverage {
  return (x, y) => {
    const dx = x - cx;
    const dy = y - cy;
    const k = Math.sqrt((dx * dx) / (rx * rx) + (dy * dy) / (ry * ry));
    if (k < 0.5) return 1;
    // First-order distance to the outline: (k - 1) / |grad k|.
    const gradient = Math.sqrt((dx / (rx * rx)) ** 2 + (dy / (ry * ry)) ** 2) / k;
    return ramp((k - 1) / gradient);
  };
}

function roundedRect(x0: number, y0: number, x1: number, y1: number, radius: number): Coverage {
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const hx = (x1 - x0) / 2 - radius;
  const hy = (y1 - y0) / 2 - radius;
  return (x, y) => {
    const qx = Math.abs(x - cx) - hx;
    const qy = Math.abs(y - cy) - hy;
    const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
    return ramp(outside + Math.min(Math.max(qx, qy), 0) - radius);
  };
}

/** A convex polygon, points in either winding. */
function polygon(points: readonly (readonly [number, number])[]): Coverage {
  const area = points.reduce((sum, [x, y], i) => {
    const [nx, ny] = points[(i + 1) % points.length] ?? [x, y];
    return sum + (x * ny - nx * y);
  }, 0);
  const sign = area > 0 ? 1 : -1;
  const edges = points.map(([x, y], i) => {
    const [nx, ny] = points[(i + 1) % points.length] ?? [x, y];
    const length = Math.hypot(nx - x, ny - y) || 1;
    return { x, y, ex: (nx - x) / length, ey: (ny - y) / length };
  });
  return (px, py) => {
    let distance = -Infinity;
    // The cross product is positive on the inner side of each edge of a positive-area polygon.
    for (const edge of edges) distance = Math.max(distance, -sign * (edge.ex * (py - edge.y) - edge.ey * (px - edge.x)));
    return ramp(distance);
  };
}

/** A straight band of half-width `half` along the line through two points. */
function band(x0: number, y0: number, x1: number, y1: number, half: number): Coverage {
  const length = Math.hypot(x1 - x0, y1 - y0);
  const nx = -(y1 - y0) / length;
  const ny = (x1 - x0) / length;
  return (x, y) => ramp(Math.abs((x - x0) * nx + (y - y0) * ny) - half);
}

const both =
  (a: Coverage, b: Coverage): Coverage =>
  (x, y) =>
    Math.min(a(x, y), b(x, y));
const without =
  (a: Coverage, b: Coverage): Coverage =>
  (x, y) =>
    a(x, y) * (1 - b(x, y));

class Canvas {
  readonly pixels: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly scale: number,
  ) {
    this.pixels = new Float32Array(width * height * 3);
  }

  /** Sets every pixel from a function of design-unit coordinates (no blending); `out` avoids an array per pixel. */
  paint(color: (x: number, y: number, out: [number, number, number]) => void): void {
    const s = this.scale;
    const out: [number, number, number] = [0, 0, 0];
    for (let py = 0; py < this.height; py++) {
      for (let px = 0; px < this.width; px++) {
        color((px + 0.5) / s, (py + 0.5) / s, out);
        const i = (py * this.width + px) * 3;
        this.pixels[i] = out[0];
        this.pixels[i + 1] = out[1];
        this.pixels[i + 2] = out[2];
      }
    }
  }

  /** Paints a shape given in design units (480 x 600) within a design-unit box. */
  fill(box: readonly [number, number, number, number], shape: Coverage, color: Rgb | ((y: number) => Rgb), alpha = 1): void {
    const s = this.scale;
    const [x0, y0, x1, y1] = box;
    const left = Math.max(0, Math.floor(x0 * s));
    const right = Math.min(this.width - 1, Math.ceil(x1 * s));
    const top = Math.max(0, Math.floor(y0 * s));
    const bottom = Math.min(this.height - 1, Math.ceil(y1 * s));
    for (let py = top; py <= bottom; py++) {
      const y = (py + 0.5) / s;
      const rowColor = typeof color === "function" ? color(y) : color;
      for (let px = left; px <= right; px++) {
        // Coverage is measured in design units; dividing by the scale keeps edges one pixel soft.
        const coverage = shape((px + 0.5) / s, y);
        if (coverage > 0) this.#set(px, py, rowColor, coverage * alpha);
      }
    }
  }

  #set(x: number, y: number, color: Rgb, alpha: number): void {
    const i = (y * this.width + x) * 3;
    const p = this.pixels;
    p[i] = p[i]! + (color[0] - p[i]!) * alpha;
    p[i + 1] = p[i + 1]! + (color[1] - p[i + 1]!) * alpha;
    p[i + 2] = p[i + 2]! + (color[2] - p[i + 2]!) * alpha;
  }

  toRgba(): RgbaImage {
    const data = new Uint8Array(this.width * this.height * 4);
    for (let i = 0, j = 0; i < this.pixels.length; i += 3, j += 4) {
      data[j] = Math.round(Math.min(255, Math.max(0, this.pixels[i] ?? 0)));
      data[j + 1] = Math.round(Math.min(255, Math.max(0, this.pixels[i + 1] ?? 0)));
      data[j + 2] = Math.round(Math.min(255, Math.max(0, this.pixels[i + 2] ?? 0)));
      data[j + 3] = 255;
    }
    return { width: this.width, height: this.height, data };
  }
}

function drawBackground(canvas: Canvas, spec: PortraitSpec): void {
  // A vertical gradient with a soft light behind the head, as in a studio portrait.
  const glow = mix(spec.backgroundTop, [255, 255, 255], 0.6);
  const { backgroundTop: top, backgroundBottom: bottom } = spec;
  canvas.paint((x, y, out) => {
    const t = y / PORTRAIT_HEIGHT;
    const dx = x - 240;
    const dy = (y - 250) / 1.15;
    const light = 0.45 * Math.max(0, 1 - Math.sqrt(dx * dx + dy * dy) / 320) ** 2;
    for (let c = 0; c < 3; c++) {
      const base = top[c]! + (bottom[c]! - top[c]!) * t;
      out[c] = base + (glow[c]! - base) * light;
    }
  });
}

const HEAD_Y = 246;
const HEAD_RX = 88;
const HEAD_RY = 110;

function drawBody(canvas: Canvas, spec: PortraitSpec): Coverage {
  const wide = spec.gender === "M" ? 240 : 222;
  const body = ellipse(240, 640, wide, 228);
  // Fabric darkens slightly towards the bottom, which reads as light from above.
  canvas.fill([0, 400, 480, 600], body, (y) => shade(spec.clothing, 1 - ((y - 412) / 188) * 0.16));
  return body;
}

function drawHead(canvas: Canvas, spec: PortraitSpec, ears: boolean): void {
  const s = spec.headScale;
  if (ears) {
    canvas.fill([140, 200, 340, 300], ellipse(240 - HEAD_RX * s, HEAD_Y + 8, 14, 26), shade(spec.skin, 0.92));
    canvas.fill([140, 200, 340, 300], ellipse(240 + HEAD_RX * s, HEAD_Y + 8, 14, 26), shade(spec.skin, 0.92));
  }
  canvas.fill([130, 110, 350, 380], ellipse(240, HEAD_Y, HEAD_RX * s, HEAD_RY * s), spec.skin);
}

function drawNeck(canvas: Canvas, spec: PortraitSpec): void {
  canvas.fill([190, 300, 290, 450], roundedRect(203, 310, 277, 440, 24), shade(spec.skin, 0.88));
}

function drawBride(canvas: Canvas, spec: PortraitSpec): void {
  const s = spec.headScale;
  const longHair = spec.hairStyle === 0;
  canvas.fill([100, 100, 380, 480], ellipse(240, longHair ? 290 : 268, 118 * s, (longHair ? 176 : 146) * s), spec.hair);
  drawNeck(canvas, spec);
  const body = drawBody(canvas, spec);
  canvas.fill([180, 390, 300, 480], both(body, ellipse(240, 418, 48, 42)), shade(spec.skin, 0.88));
  // The pallu of the saree across the left shoulder, with a border line.
  canvas.fill([90, 400, 400, 600], both(body, band(160, 410, 340, 620, 32)), spec.accent);
  canvas.fill([90, 400, 400, 600], both(body, band(160, 410, 340, 620, 10)), shade(spec.clothing, 0.85));
  drawHead(canvas, spec, false);
  // Hair parted over the forehead and framing the face down to the ears.
  const crown = without(ellipse(240, HEAD_Y - 6, (HEAD_RX + 8) * s, (HEAD_RY + 8) * s), ellipse(240, HEAD_Y + 44, (HEAD_RX - 8) * s, (HEAD_RY + 4) * s));
  // The strips beside the face taper off instead of ending in a step.
  canvas.fill(
    [120, 110, 360, 340],
    both(crown, (_, y) => Math.min(1, Math.max(0, (HEAD_Y + 70 - y) / 50))),
    spec.hair,
  );
  canvas.fill([140, 260, 340, 320], ellipse(240 - (HEAD_RX - 4) * s, HEAD_Y + 44, 5, 5), spec.accent);
  canvas.fill([140, 260, 340, 320], ellipse(240 + (HEAD_RX - 4) * s, HEAD_Y + 44, 5, 5), spec.accent);
}

function drawGroom(canvas: Canvas, spec: PortraitSpec): void {
  const s = spec.headScale;
  drawNeck(canvas, spec);
  const body = drawBody(canvas, spec);
  const collar = luminance(spec.clothing) > 150 ? shade(spec.clothing, 0.84) : mix(spec.clothing, [255, 255, 255], 0.22);
  canvas.fill(
    [190, 400, 290, 500],
    both(
      body,
      polygon([
        [204, 414],
        [276, 414],
        [240, 480],
      ]),
    ),
    shade(spec.skin, 0.88),
  );
  canvas.fill(
    [170, 400, 250, 500],
    both(
      body,
      polygon([
        [200, 406],
        [240, 480],
        [220, 490],
        [176, 430],
      ]),
    ),
    collar,
  );
  canvas.fill(
    [230, 400, 310, 500],
    both(
      body,
      polygon([
        [280, 406],
        [304, 430],
        [260, 490],
        [240, 480],
      ]),
    ),
    collar,
  );
  canvas.fill([230, 480, 250, 600], both(body, roundedRect(237, 484, 243, 600, 2)), shade(spec.clothing, 0.9));
  drawHead(canvas, spec, true);
  const fuller = spec.hairStyle === 1 ? 10 : 0;
  const crown = without(ellipse(240, HEAD_Y - 40 - fuller / 2, (HEAD_RX + 6) * s, (72 + fuller) * s), ellipse(240, HEAD_Y + 26, (HEAD_RX + 2) * s, (HEAD_RY + 4) * s));
  canvas.fill([120, 100, 360, 300], crown, spec.hair);
}

function drawInitials(canvas: Canvas, initials: string): void {
  const block = 4;
  const gap = 4;
  const padding = 12;
  const letters = initials.slice(0, 2).toUpperCase();
  const width = letters.length * GLYPH_WIDTH * block + (letters.length - 1) * gap + padding * 2;
  const height = GLYPH_HEIGHT * block + padding * 2;
  const x0 = 18;
  const y0 = PORTRAIT_HEIGHT - 18 - height;
  canvas.fill([x0, y0, x0 + width, y0 + height], roundedRect(x0, y0, x0 + width, y0 + height, 10), [20, 24, 32], 0.45);
  [...letters].forEach((letter, index) => {
    const left = x0 + padding + index * (GLYPH_WIDTH * block + gap);
    for (let row = 0; row < GLYPH_HEIGHT; row++) {
      for (let column = 0; column < GLYPH_WIDTH; column++) {
        if (!glyphPixel(letter, column, row)) continue;
        const bx = left + column * block;
        const by = y0 + padding + row * block;
        canvas.fill([bx, by, bx + block, by + block], roundedRect(bx, by, bx + block, by + block, 0.5), [255, 255, 255], 0.95);
      }
    }
  });
}

export function renderPortrait(spec: PortraitSpec, width = PORTRAIT_WIDTH): RgbaImage {
  const scale = width / PORTRAIT_WIDTH;
  const canvas = new Canvas(width, Math.round(PORTRAIT_HEIGHT * scale), scale);
  drawBackground(canvas, spec);
  if (spec.gender === "F") drawBride(canvas, spec);
  else drawGroom(canvas, spec);
  if (spec.initials) drawInitials(canvas, spec.initials);
  return canvas.toRgba();
}
