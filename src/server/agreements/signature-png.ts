import { inflateSync } from 'node:zlib';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// A signature pad's size and more; a photo is not a signature.
const MAX_SIDE = 2000;
const BYTES_PER_PIXEL: Record<number, number> = { 2: 3, 6: 4 };

// Whether a drawn signature (a data URL) is a PNG the sealed PDF can draw: 8-bit RGB or RGBA, not interlaced, its
// image data inflating to exactly the rows its header promises. Checked when it is signed, not when the PDF is
// drawn: PDFKit's PNG reader throws a corrupt image's error outside any caller (it would end the process).
export function isReadableSignaturePng(dataUrl: string): boolean {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match?.[1]) return false;
  const png = Buffer.from(match[1], 'base64');
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_MAGIC)) return false;
  let offset = 8;
  let header: { width: number; height: number; bytesPerPixel: number } | null = null;
  const data: Buffer[] = [];
  let ended = false;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (body.length !== length) return false;
    if (type === 'IHDR') {
      if (length !== 13) return false;
      const width = body.readUInt32BE(0);
      const height = body.readUInt32BE(4);
      const [depth, colorType, compression, filter, interlace] = [body[8], body[9], body[10], body[11], body[12]];
      const bytesPerPixel = BYTES_PER_PIXEL[colorType ?? -1];
      if (!bytesPerPixel || depth !== 8 || compression !== 0 || filter !== 0 || interlace !== 0) return false;
      if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return false;
      header = { width, height, bytesPerPixel };
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      ended = true;
      break;
    }
    offset += 12 + length;
  }
  if (!header || !ended || data.length === 0) return false;
  const expected = header.height * (1 + header.width * header.bytesPerPixel);
  try {
    // No more than the header promises: a small drawing never inflates into a large allocation.
    const rows = inflateSync(Buffer.concat(data), { maxOutputLength: expected });
    return rows.length === expected;
  } catch {
    return false;
  }
}
