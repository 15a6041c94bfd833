// The report's image: a bar chart drawn as SVG and rasterised once to PNG with sharp, so the
// suite needs no binary fixture and every engine embeds the same PNG bytes.
import sharp from 'sharp';

/** @type {Promise<Buffer> | undefined} */
let cached;

/** @returns {Promise<Buffer>} a 960 x 480 PNG (shown at 480 x 240 pt). */
export function chartPng() {
  cached ??= (async () => {
    const bars = [];
    for (let m = 0; m < 12; m++) {
      const h = 40 + Math.round((m * 55) / 11);
      const x = 80 + m * 70;
      bars.push(`<rect x="${x}" y="${420 - h * 4}" width="48" height="${h * 4}" fill="#1a5fb4"/>`);
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="480">
<rect width="960" height="480" fill="#ffffff"/>
<line x1="70" y1="420" x2="930" y2="420" stroke="#333" stroke-width="2"/>
<line x1="70" y1="20" x2="70" y2="420" stroke="#333" stroke-width="2"/>
${bars.join('\n')}
</svg>`;
    return sharp(Buffer.from(svg)).png().toBuffer();
  })();
  return cached;
}

/** @returns {Promise<string>} the chart as a data: URI. */
export async function chartDataUri() {
  return `data:image/png;base64,${(await chartPng()).toString('base64')}`;
}
