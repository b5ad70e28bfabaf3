/**
 * Draws the PWA icons (a white rising chart line on the brand blue) and writes them as PNG files
 * into public/icons, using only node's zlib. Run after changing the design:
 *   npm run icons -w @bourse/web
 * The PNGs are committed, so builds do not depend on this script.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

type Point = readonly [number, number];
type Rgba = readonly [number, number, number, number];

interface IconSpec {
  file: string;
  size: number;
  /** Maskable icons fill the whole square and keep the artwork inside the central safe zone. */
  maskable: boolean;
}

const ICONS: IconSpec[] = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

const TOP_COLOR: Rgba = [9, 88, 217, 255]; // #0958d9, the theme's primary colour
const BOTTOM_COLOR: Rgba = [0, 45, 140, 255]; // #002d8c
const WHITE: Rgba = [255, 255, 255, 255];

/** The chart line in unit coordinates (0..1, y downwards). */
const CHART: Point[] = [
  [0.2, 0.68],
  [0.4, 0.48],
  [0.56, 0.6],
  [0.8, 0.3],
];
const LINE_HALF_WIDTH = 0.045;
const DOT_RADIUS = 0.075;
const CORNER_RADIUS = 0.22;
const SAMPLES_PER_AXIS = 4;

function distanceToSegment([px, py]: Point, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function insideRoundedSquare([x, y]: Point): boolean {
  const r = CORNER_RADIUS;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  return Math.hypot(x - cx, y - cy) <= r;
}

/** The colour of one sample point, or transparent outside the icon's shape. */
function sample(point: Point, maskable: boolean): Rgba {
  if (!maskable && !insideRoundedSquare(point)) return [0, 0, 0, 0];
  // Maskable icons shrink the artwork towards the centre so it survives circular masks.
  const scale = maskable ? 0.72 : 1;
  const art: Point = [(point[0] - 0.5) / scale + 0.5, (point[1] - 0.5) / scale + 0.5];
  const last = CHART[CHART.length - 1]!;
  const onLine = CHART.slice(1).some((end, index) => distanceToSegment(art, CHART[index]!, end) <= LINE_HALF_WIDTH);
  const onDot = Math.hypot(art[0] - last[0], art[1] - last[1]) <= DOT_RADIUS;
  if (onLine || onDot) return WHITE;
  const t = point[1];
  return [0, 1, 2, 3].map((i) => Math.round(TOP_COLOR[i]! * (1 - t) + BOTTOM_COLOR[i]! * t)) as unknown as Rgba;
}

function render(size: number, maskable: boolean): Buffer {
  const rowLength = size * 4 + 1;
  const raw = Buffer.alloc(rowLength * size);
  const samples = SAMPLES_PER_AXIS * SAMPLES_PER_AXIS;
  for (let y = 0; y < size; y++) {
    raw[y * rowLength] = 0; // filter type "none"
    for (let x = 0; x < size; x++) {
      // Supersampling smooths the edges; colours are averaged weighted by alpha.
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SAMPLES_PER_AXIS; sy++) {
        for (let sx = 0; sx < SAMPLES_PER_AXIS; sx++) {
          const point: Point = [(x + (sx + 0.5) / SAMPLES_PER_AXIS) / size, (y + (sy + 0.5) / SAMPLES_PER_AXIS) / size];
          const [cr, cg, cb, ca] = sample(point, maskable);
          r += cr * ca;
          g += cg * ca;
          b += cb * ca;
          a += ca;
        }
      }
      const offset = y * rowLength + 1 + x * 4;
      raw[offset] = a ? Math.round(r / a) : 0;
      raw[offset + 1] = a ? Math.round(g / a) : 0;
      raw[offset + 2] = a ? Math.round(b / a) : 0;
      raw[offset + 3] = Math.round(a / samples);
    }
  }
  return raw;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Encodes 8-bit RGBA scanlines (each prefixed by its filter byte) as a PNG file. */
function encodePng(size: number, scanlines: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering
  header[12] = 0; // no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const outputDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
mkdirSync(outputDir, { recursive: true });
for (const icon of ICONS) {
  const png = encodePng(icon.size, render(icon.size, icon.maskable));
  writeFileSync(join(outputDir, icon.file), png);
  console.log(`${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
}
