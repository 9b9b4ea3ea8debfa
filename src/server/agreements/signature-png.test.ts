import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isReadableSignaturePng } from './signature-png';

// A one-pixel RGBA PNG, as a canvas makes them.
const ONE_PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const asUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  return Buffer.concat([length, Buffer.from(type, 'latin1'), body, Buffer.alloc(4)]);
}
function png(width: number, height: number, rows: Buffer, colorType = 6): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = colorType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('a drawn signature', () => {
  it('is read when it is the PNG a canvas makes', () => {
    expect(isReadableSignaturePng(`data:image/png;base64,${ONE_PIXEL}`)).toBe(true);
    expect(isReadableSignaturePng(asUrl(png(3, 2, Buffer.alloc(2 * (1 + 3 * 4)))))).toBe(true);
  });

  it('is refused when it is not one: another format, cut short, corrupt, too large, or rows missing', () => {
    const good = Buffer.from(ONE_PIXEL, 'base64');
    const corrupt = Buffer.from(good);
    corrupt[40] = (corrupt[40] ?? 0) ^ 0xff;
    corrupt[45] = (corrupt[45] ?? 0) ^ 0xff;
    for (const drawing of [
      'data:image/png;base64,AAAA',
      'data:image/jpeg;base64,/9j/4AAQ',
      asUrl(good.subarray(0, 40)),
      asUrl(corrupt),
      asUrl(png(3000, 10, Buffer.alloc(10 * (1 + 3000 * 4)))),
      asUrl(png(3, 2, Buffer.alloc(1 + 3 * 4))),
      asUrl(png(3, 2, Buffer.alloc(2 * (1 + 3 * 4)), 3)),
      // More rows than the header says (a small file inflating into a large one).
      asUrl(png(3, 2, Buffer.alloc(1_000_000))),
    ]) {
      expect(isReadableSignaturePng(drawing), drawing.slice(0, 60)).toBe(false);
    }
  });
});
