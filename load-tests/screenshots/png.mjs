// Just enough PNG to compare pictures pixel by pixel: 8-bit RGB or RGBA, not interlaced (what
// Chromium writes), inflated with node:zlib and unfiltered. Used to tell, without reading the
// picture by eye, whether another tool's screenshot shows the fields bsk masks.

import zlib from 'node:zlib';

/**
 * @param {Buffer} bytes
 * @returns {{ width: number, height: number, rgba: Buffer } | null} null for a PNG this reader
 *   does not handle (another bit depth, a palette, interlacing)
 */
export function decodePng(bytes) {
  if (bytes.readUInt32BE(0) !== 0x89504e47) return null;
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat = [];
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('ascii', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const depth = data[8];
      const colour = data[9];
      if (depth !== 8 || data[12] !== 0 || (colour !== 2 && colour !== 6)) return null;
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(width * height * 4);
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? line[x - channels] : 0;
      const b = previous[x];
      const c = x >= channels ? previous[x - channels] : 0;
      let add = 0;
      if (filter === 1) add = a;
      else if (filter === 2) add = b;
      else if (filter === 3) add = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        add = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      line[x] = (line[x] + add) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      out[(y * width + x) * 4] = line[x * channels];
      out[(y * width + x) * 4 + 1] = line[x * channels + 1];
      out[(y * width + x) * 4 + 2] = line[x * channels + 2];
      out[(y * width + x) * 4 + 3] = channels === 4 ? line[x * channels + 3] : 255;
    }
    previous = line;
  }
  return { width, height, rgba: out };
}

/**
 * Where bsk painted boxes: the pixels in which its masked and unmasked pictures of the same page
 * differ, as a bitmap.
 * @param {{ width: number, height: number, rgba: Buffer }} masked
 * @param {{ width: number, height: number, rgba: Buffer }} unmasked
 */
export function maskedPixels(masked, unmasked) {
  const mask = new Uint8Array(masked.width * masked.height);
  for (let i = 0; i < mask.length; i++) {
    if (distance(masked.rgba, unmasked.rgba, i) > 24) mask[i] = 1;
  }
  return mask;
}

/**
 * Of the pixels bsk masks, the share where `other` looks like bsk's unmasked picture (the field
 * as the page renders it) and the share where it looks like the masked one.
 * @returns {{ pixels: number, like_unmasked: number, like_masked: number } | null} null when the
 *   pictures differ in size
 */
export function compareInMask(other, masked, unmasked, mask) {
  if (other.width !== masked.width || other.height !== masked.height) return null;
  let pixels = 0;
  let likeUnmasked = 0;
  let likeMasked = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    pixels += 1;
    const u = distance(other.rgba, unmasked.rgba, i);
    const m = distance(other.rgba, masked.rgba, i);
    if (u <= 24 && u < m) likeUnmasked += 1;
    else if (m <= 24 && m < u) likeMasked += 1;
  }
  return { pixels, like_unmasked: pixels ? likeUnmasked / pixels : 0, like_masked: pixels ? likeMasked / pixels : 0 };
}

/** The largest difference of one channel between pixel `i` of two RGBA buffers. */
function distance(a, b, i) {
  const o = i * 4;
  return Math.max(Math.abs(a[o] - b[o]), Math.abs(a[o + 1] - b[o + 1]), Math.abs(a[o + 2] - b[o + 2]));
}
