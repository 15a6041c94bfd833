#!/usr/bin/env node
/**
 * Makes the raster pictures of the fidelity gallery (gallery/<doc>/*.jpg|png): painted pixel by
 * pixel from gradients, value noise and simple shapes, so the repository holds no third-party
 * photographs and the pictures can be remade byte for byte (`node scripts/fidelity-images.mjs`).
 * The files are committed; this script is only needed to change them.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'gallery');

/** Deterministic value noise in [0, 1] on an integer lattice, smoothly interpolated. */
function valueNoise(seed) {
  const hash = (x, y) => {
    let h = (x * 374761393 + y * 668265263 + seed * 982451653) | 0;
    h = Math.imul(h ^ (h >>> 13), 1274126177);
    return ((h ^ (h >>> 16)) >>> 0) / 4294967295;
  };
  const smooth = (t) => t * t * (3 - 2 * t);
  return (x, y) => {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = smooth(x - x0);
    const fy = smooth(y - y0);
    const a = hash(x0, y0) + (hash(x0 + 1, y0) - hash(x0, y0)) * fx;
    const b = hash(x0, y0 + 1) + (hash(x0 + 1, y0 + 1) - hash(x0, y0 + 1)) * fx;
    return a + (b - a) * fy;
  };
}

/** Fractal noise: four octaves of value noise. */
function fbm(seed) {
  const octaves = [0, 1, 2, 3].map((i) => valueNoise(seed + i * 17));
  return (x, y) => {
    let sum = 0;
    let amp = 0.5;
    let freq = 1;
    for (const n of octaves) {
      sum += amp * n(x * freq, y * freq);
      amp /= 2;
      freq *= 2;
    }
    return sum / 0.9375;
  };
}

const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * Math.min(1, Math.max(0, t)));

/** Paints width x height pixels with fn(x, y) -> [r, g, b] (0..255, relative coordinates). */
function paint(width, height, fn) {
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = fn(x / width, y / height);
      const o = (y * width + x) * 3;
      px[o] = Math.round(Math.min(255, Math.max(0, r)));
      px[o + 1] = Math.round(Math.min(255, Math.max(0, g)));
      px[o + 2] = Math.round(Math.min(255, Math.max(0, b)));
    }
  return sharp(px, { raw: { width, height, channels: 3 } });
}

/** Mountains over a lake at dawn: the book's full-bleed cover. */
function mountainLake(width, height) {
  const n = fbm(3);
  const ridge = (x, base, amp, seed) =>
    base - amp * (0.6 * n(x * 3 + seed, seed) + 0.4 * Math.abs(Math.sin(x * 7 + seed)));
  return paint(width, height, (x, y) => {
    const horizon = 0.58;
    const sun = Math.hypot((x - 0.68) * 1.4, y - 0.4);
    let c = mix([38, 52, 96], [238, 170, 120], y / horizon);
    c = mix(c, [255, 226, 170], 1 - sun * 6);
    const far = ridge(x, 0.5, 0.16, 1.3);
    const near = ridge(x, 0.6, 0.2, 4.1);
    if (y > far) c = mix([98, 96, 130], [70, 74, 104], (y - far) * 4);
    if (y > near) c = mix([46, 58, 70], [30, 40, 48], (y - near) * 3);
    if (y > horizon) {
      // The lake mirrors the sky with ripples.
      const ry = 2 * horizon - y + 0.01 * Math.sin(y * 220 + n(x * 9, y * 40) * 6);
      const sky = mix([38, 52, 96], [238, 170, 120], ry / horizon);
      const glow = mix(sky, [255, 226, 170], 1 - Math.hypot((x - 0.68) * 3, ry - 0.4) * 4);
      c = mix(glow, [20, 30, 44], (y - horizon) * 1.6);
    }
    const grain = (n(x * 60, y * 60) - 0.5) * 14;
    return c.map((v) => v + grain);
  });
}

/** A harbour at midday: blue water, boats as coloured hulls, a quay. */
function harbour(width, height) {
  const n = fbm(11);
  return paint(width, height, (x, y) => {
    let c = mix([150, 196, 232], [214, 232, 246], y / 0.35);
    if (y > 0.3) c = mix([186, 170, 150], [150, 134, 116], n(x * 30, y * 8));
    if (y > 0.42) {
      const wave = Math.sin(x * 90 + y * 40 + n(x * 8, y * 8) * 8) * 0.5 + 0.5;
      c = mix([28, 92, 136], [60, 140, 176], wave * 0.6 + (y - 0.42));
    }
    const hulls = [
      [0.18, [196, 60, 48]],
      [0.46, [240, 240, 236]],
      [0.74, [40, 84, 150]],
    ];
    for (const [cx, col] of hulls) {
      const dx = (x - cx) / 0.11;
      const dy = (y - 0.5) / 0.05;
      if (Math.abs(dx) < 1 - Math.max(0, dy) * 0.4 && dy > -1 && dy < 1) c = col;
      if (Math.abs(x - cx) < 0.004 && y > 0.16 && y < 0.45) c = [90, 70, 56];
    }
    const grain = (n(x * 80, y * 80) - 0.5) * 16;
    return c.map((v) => v + grain);
  });
}

/** Crates of produce at a market stall, from above: a grid of coloured, textured boxes. */
function market(width, height) {
  const n = fbm(23);
  const colours = [
    [214, 64, 40],
    [246, 176, 42],
    [104, 160, 56],
    [150, 40, 90],
    [236, 120, 40],
    [70, 120, 40],
  ];
  return paint(width, height, (x, y) => {
    const col = Math.floor(x * 3);
    const row = Math.floor(y * 4);
    const fx = x * 3 - col;
    const fy = y * 4 - row;
    if (fx < 0.05 || fx > 0.95 || fy < 0.05 || fy > 0.95)
      return mix([120, 84, 52], [90, 60, 36], n(x * 40, y * 4));
    const base = colours[(col + row * 2) % colours.length];
    const blob = Math.sin(fx * 18) * Math.sin(fy * 14) * 0.5 + 0.5;
    return mix(base, [255, 255, 230], blob * 0.25 - n(x * 20, y * 20) * 0.15).map(
      (v) => v * (0.75 + 0.25 * blob),
    );
  });
}

/** A garden bed: greens with flower dots. */
function garden(width, height) {
  const n = fbm(31);
  const d = valueNoise(77);
  return paint(width, height, (x, y) => {
    let c = mix([58, 110, 48], [120, 168, 70], n(x * 6, y * 6));
    if (d(x * 60, y * 40) > 0.86) c = [232, 80, 110];
    else if (d(x * 60 + 5, y * 40 + 9) > 0.9) c = [250, 220, 90];
    if (y < 0.18) c = mix([196, 222, 240], [168, 204, 232], y / 0.18);
    return c;
  });
}

/** A workshop bench: wood grain with tools as dark bars. */
function workshop(width, height) {
  const n = fbm(41);
  return paint(width, height, (x, y) => {
    const grain = Math.sin((y + n(x * 2, y * 6) * 0.2) * 120) * 0.5 + 0.5;
    let c = mix([176, 128, 84], [132, 90, 56], grain * 0.7);
    if (Math.abs(y - 0.35) < 0.03 && x > 0.1 && x < 0.6) c = [60, 64, 70];
    if (Math.abs(y - 0.62) < 0.05 && x > 0.3 && x < 0.85) c = [196, 48, 40];
    if (Math.hypot(x - 0.78, y - 0.3) < 0.08) c = [210, 200, 60];
    return c;
  });
}

/** Abstract head-and-shoulders portrait for the CV. */
function portrait(width, height) {
  const n = fbm(53);
  return paint(width, height, (x, y) => {
    let c = mix([210, 226, 236], [150, 180, 204], y + n(x * 4, y * 4) * 0.3);
    const head = Math.hypot((x - 0.5) / 0.19, (y - 0.38) / 0.24);
    if (head < 1) c = mix([226, 184, 150], [196, 150, 118], head * 0.8 + (x - 0.5));
    if (head < 1.08 && y < 0.3) c = [70, 50, 40];
    const shoulders = Math.hypot((x - 0.5) / 0.42, (y - 1.02) / 0.36);
    if (shoulders < 1) c = mix([40, 62, 96], [28, 44, 70], x);
    return c;
  });
}

/** Concentric rings and diagonal light for the concert poster. */
function backdrop(width, height) {
  const n = fbm(61);
  return paint(width, height, (x, y) => {
    const r = Math.hypot(x - 0.62, (y - 0.36) * 0.72);
    const ring = Math.sin(r * 60) * 0.5 + 0.5;
    let c = mix([24, 10, 56], [140, 20, 90], y);
    c = mix(c, [255, 90, 60], (1 - r * 2) * ring * 0.8);
    c = mix(c, [255, 200, 120], Math.max(0, 0.06 - Math.abs(x - y * 0.5 - 0.2)) * 10);
    return c.map((v) => v + (n(x * 90, y * 90) - 0.5) * 18);
  });
}

/** A product shot: a shaded cylinder (a sensor housing) on a soft background. */
function product(width, height) {
  return paint(width, height, (x, y) => {
    let c = mix([236, 238, 242], [206, 210, 218], y);
    const dx = (x - 0.5) / 0.22;
    if (Math.abs(dx) < 1 && y > 0.22 && y < 0.78) {
      const shade = Math.sqrt(1 - dx * dx);
      c = mix([60, 70, 84], [190, 200, 214], shade * (1 - Math.abs(dx + 0.35) * 0.4));
    }
    const top = Math.hypot(dx, (y - 0.22) / 0.06);
    if (top < 1) c = mix([200, 208, 220], [150, 160, 176], top);
    if (Math.abs(y - 0.5) < 0.015 && Math.abs(dx) < 1) c = [230, 120, 30];
    return c;
  });
}

/** A plate from above: white disc, sauce and garnish, on a dark table. */
function dish(width, height) {
  const n = fbm(71);
  return paint(width, height, (x, y) => {
    let c = mix([52, 40, 34], [70, 54, 44], n(x * 10, y * 3));
    const r = Math.hypot((x - 0.5) * (width / height), y - 0.5);
    if (r < 0.44) c = mix([246, 244, 238], [224, 220, 210], r * 2);
    if (r < 0.24) c = mix([170, 70, 40], [120, 40, 24], n(x * 20, y * 20));
    if (r < 0.24 && n(x * 40 + 3, y * 40) > 0.62) c = [90, 150, 60];
    return c;
  });
}

/** Faint paper texture with a ring watermark low on the right: the report's page background. */
function reportPaper(width, height) {
  const n = fbm(83);
  return paint(width, height, (x, y) => {
    const c = mix([255, 255, 255], [246, 244, 238], n(x * 20, y * 28) * 0.8);
    const r = Math.hypot((x - 0.86) * (width / height), y - 0.84);
    return Math.abs(r - 0.16) < 0.012 || Math.abs(r - 0.11) < 0.006
      ? mix(c, [18, 86, 111], 0.12)
      : c;
  });
}

const jobs = [
  ['book/cover.jpg', () => mountainLake(620, 880), 'jpeg'],
  ['magazine/harbour.jpg', () => harbour(720, 480), 'jpeg'],
  ['magazine/market.jpg', () => market(420, 560), 'jpeg'],
  ['newsletter/garten.jpg', () => garden(480, 320), 'jpeg'],
  ['newsletter/werkstatt.jpg', () => workshop(480, 360), 'jpeg'],
  ['cv/portrait.jpg', () => portrait(240, 288), 'jpeg'],
  ['poster/backdrop.jpg', () => backdrop(700, 990), 'jpeg'],
  ['datasheet/sensor.jpg', () => product(480, 360), 'jpeg'],
  ['menu/assiette.jpg', () => dish(480, 320), 'jpeg'],
  ['report/paper.png', () => reportPaper(210, 297), 'png'],
];

for (const [file, make, format] of jobs) {
  const out = join(root, file);
  mkdirSync(dirname(out), { recursive: true });
  const img = make();
  const encoded =
    format === 'jpeg'
      ? img.jpeg({ quality: 72, mozjpeg: true })
      : img.png({ compressionLevel: 9, palette: true, colours: 64 });
  const info = await encoded.toFile(out);
  console.log(`${file}: ${info.width}x${info.height}, ${info.size} bytes`);
}
