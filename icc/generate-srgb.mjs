// Builds a11ypdf's own sRGB display profile (ICC v2.1, class mntr, RGB data, XYZ PCS) from
// the published sRGB parameters (IEC 61966-2-1): primaries and D65 white, the piecewise
// transfer curve, and Bradford adaptation of the colourants to the D50 profile connection
// space. No bytes are taken from any other profile.
//
// Usage: node icc/generate-srgb.mjs   (writes icc/sRGB-a11ypdf-v2.icc next to this file)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const D50 = [0.9642, 1.0, 0.8249];
const D65 = [0.95047, 1.0, 1.08883];
const PRIMARIES = { r: [0.64, 0.33], g: [0.3, 0.6], b: [0.15, 0.06] };
const WHITE_XY = [0.3127, 0.329];

const xyToXYZ = ([x, y]) => [x / y, 1, (1 - x - y) / y];
const mul = (m, v) => m.map((row) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2]);
const matmul = (a, b) => a.map((row) => [0, 1, 2].map((j) => row[0] * b[0][j] + row[1] * b[1][j] + row[2] * b[2][j]));
function inverse(m) {
  const [[a, b, c], [d, e, f], [g, h, i]] = m;
  const A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    [A / det, -(b * i - c * h) / det, (b * f - c * e) / det],
    [B / det, (a * i - c * g) / det, -(a * f - c * d) / det],
    [C / det, -(a * h - b * g) / det, (a * e - b * d) / det],
  ];
}

/** Columns of the RGB -> XYZ(D50) matrix: the colourant tags rXYZ, gXYZ, bXYZ. */
export function srgbColorantsD50() {
  const cols = [PRIMARIES.r, PRIMARIES.g, PRIMARIES.b].map(xyToXYZ);
  const P = [0, 1, 2].map((i) => cols.map((c) => c[i]));
  const white = xyToXYZ(WHITE_XY);
  const S = mul(inverse(P), white);
  const rgbToXYZ65 = P.map((row) => row.map((v, j) => v * S[j]));
  const bradford = [
    [0.8951, 0.2664, -0.1614],
    [-0.7502, 1.7135, 0.0367],
    [0.0389, -0.0685, 1.0296],
  ];
  const src = mul(bradford, D65);
  const dst = mul(bradford, D50);
  const scale = [
    [dst[0] / src[0], 0, 0],
    [0, dst[1] / src[1], 0],
    [0, 0, dst[2] / src[2]],
  ];
  const adapt = matmul(inverse(bradford), matmul(scale, bradford));
  const m = matmul(adapt, rgbToXYZ65);
  return [0, 1, 2].map((j) => [m[0][j], m[1][j], m[2][j]]);
}

function s15f16(v) {
  const b = Buffer.alloc(4);
  b.writeInt32BE(Math.round(v * 65536));
  return b;
}
const xyzType = (xyz) => Buffer.concat([Buffer.from('XYZ \0\0\0\0', 'latin1'), ...xyz.map(s15f16)]);

function textDescription(s) {
  // textDescriptionType (ICC.1:2001-04, 6.5.17): ASCII part, empty Unicode and ScriptCode parts.
  const ascii = Buffer.from(s + '\0', 'latin1');
  const head = Buffer.alloc(12);
  head.write('desc', 0, 'latin1');
  head.writeUInt32BE(ascii.length, 8);
  const tail = Buffer.alloc(4 + 4 + 2 + 1 + 67);
  return Buffer.concat([head, ascii, tail]);
}

const textType = (s) => Buffer.concat([Buffer.from('text\0\0\0\0', 'latin1'), Buffer.from(s + '\0', 'latin1')]);

function srgbCurve(points = 1024) {
  const b = Buffer.alloc(12 + points * 2);
  b.write('curv', 0, 'latin1');
  b.writeUInt32BE(points, 8);
  for (let i = 0; i < points; i++) {
    const v = i / (points - 1);
    const lin = v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    b.writeUInt16BE(Math.round(lin * 65535), 12 + i * 2);
  }
  return b;
}

export function buildSrgbProfile() {
  const [r, g, bl] = srgbColorantsD50();
  const curve = srgbCurve();
  const tags = [
    ['desc', textDescription('sRGB IEC61966-2.1 (a11ypdf)')],
    ['cprt', textType('No copyright, use freely (CC0 1.0 / public domain). Made by a11ypdf.')],
    ['wtpt', xyzType(D65)],
    ['rXYZ', xyzType(r)],
    ['gXYZ', xyzType(g)],
    ['bXYZ', xyzType(bl)],
    ['rTRC', curve],
    ['gTRC', curve],
    ['bTRC', curve],
  ];
  const tableSize = 4 + tags.length * 12;
  let offset = 128 + tableSize;
  const table = Buffer.alloc(tableSize);
  table.writeUInt32BE(tags.length, 0);
  const data = [];
  const placed = new Map();
  tags.forEach(([sig, body], i) => {
    // The three TRC tags share one curve, as the format allows.
    let at = placed.get(body);
    if (at === undefined) {
      at = offset;
      placed.set(body, at);
      const padded = Buffer.concat([body, Buffer.alloc((4 - (body.length % 4)) % 4)]);
      data.push(padded);
      offset += padded.length;
    }
    table.write(sig, 4 + i * 12, 'latin1');
    table.writeUInt32BE(at, 8 + i * 12);
    table.writeUInt32BE(body.length, 12 + i * 12);
  });
  const header = Buffer.alloc(128);
  header.writeUInt32BE(offset, 0);
  header.writeUInt32BE(0x02100000, 8); // version 2.1.0
  header.write('mntr', 12, 'latin1');
  header.write('RGB ', 16, 'latin1');
  header.write('XYZ ', 20, 'latin1');
  // Creation date fixed so the profile (and deterministic PDFs) never change: 2026-01-01.
  [2026, 1, 1, 0, 0, 0].forEach((v, i) => header.writeUInt16BE(v, 24 + i * 2));
  header.write('acsp', 36, 'latin1');
  header.writeUInt32BE(0, 64); // perceptual
  s15f16(D50[0]).copy(header, 68);
  s15f16(D50[1]).copy(header, 72);
  s15f16(D50[2]).copy(header, 76);
  return new Uint8Array(Buffer.concat([header, table, ...data]));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = fileURLToPath(new URL('./sRGB-a11ypdf-v2.icc', import.meta.url));
  writeFileSync(out, buildSrgbProfile());
  console.log(`wrote ${out}`);
  console.log('colourants (D50):', srgbColorantsD50().map((c) => c.map((v) => v.toFixed(7)).join(' ')));
}
