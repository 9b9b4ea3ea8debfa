import { deflateSync } from 'node:zlib';

// The demo talent's profile photo: a flat illustrated portrait drawn here as a PNG, so the demo needs no
// image file and no picture of a real person. Shapes are sampled 4×4 per pixel for smooth edges.

type Colour = readonly [number, number, number];
type Shape = { colour: Colour; covers: (x: number, y: number) => boolean };

const SIZE = 256;
const SAMPLES = 4;

const ellipse = (cx: number, cy: number, rx: number, ry: number) => (x: number, y: number) =>
  ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

const background: Colour = [204, 228, 224];
const skin: Colour = [176, 122, 88];
const hair: Colour = [42, 32, 28];
const shirt: Colour = [55, 72, 140];
const collar: Colour = [236, 238, 244];
const smile: Colour = [120, 70, 52];

// Back to front: each later shape paints over the earlier ones.
const shapes: Shape[] = [
  { colour: shirt, covers: ellipse(128, 262, 104, 72) },
  { colour: collar, covers: (x, y) => y > 188 && y < 214 && Math.abs(x - 128) < 34 - (y - 188) * 0.9 },
  { colour: skin, covers: (x, y) => y > 150 && y < 200 && Math.abs(x - 128) < 22 },
  { colour: hair, covers: ellipse(128, 100, 54, 58) },
  { colour: skin, covers: ellipse(128, 118, 48, 56) },
  // The hair's fringe over the forehead, cut by a curve.
  { colour: hair, covers: (x, y) => ellipse(128, 92, 52, 42)(x, y) && y < 84 + ((x - 128) / 52) ** 2 * 10 },
  { colour: skin, covers: ellipse(79, 122, 9, 14) },
  { colour: skin, covers: ellipse(177, 122, 9, 14) },
  { colour: hair, covers: ellipse(108, 122, 4, 5) },
  { colour: hair, covers: ellipse(148, 122, 4, 5) },
  // A smile: a band of a circle below the eyes.
  {
    colour: smile,
    covers: (x, y) => {
      const distance = Math.hypot(x - 128, y - 128);
      return y > 146 && distance > 19 && distance < 23 && Math.abs(x - 128) < 15;
    },
  },
];

function colourAt(x: number, y: number): Colour {
  for (let index = shapes.length - 1; index >= 0; index -= 1) {
    const shape = shapes[index];
    if (shape?.covers(x, y)) return shape.colour;
  }
  return background;
}

// CRC-32 as PNG chunks use it (ISO 3309).
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function drawDemoPortrait(): Buffer {
  const rowBytes = 1 + SIZE * 3;
  const pixels = Buffer.alloc(rowBytes * SIZE);
  for (let y = 0; y < SIZE; y += 1) {
    pixels[y * rowBytes] = 0; // no filter
    for (let x = 0; x < SIZE; x += 1) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const colour = colourAt(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES);
          for (let channel = 0; channel < 3; channel += 1) sum[channel] = (sum[channel] ?? 0) + (colour[channel] ?? 0);
        }
      }
      for (let channel = 0; channel < 3; channel += 1) {
        pixels[y * rowBytes + 1 + x * 3 + channel] = Math.round((sum[channel] ?? 0) / SAMPLES ** 2);
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
