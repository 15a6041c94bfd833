#!/usr/bin/env node
// Raster output: ms per image (PNG and JPEG) at width 1024 for the invoice and for a report
// about 3,000 px tall. Also run by bench/run.mjs.
//
//   node bench/image.mjs [--json] [--quick]
import { parseArgs } from 'node:util';
import { renderImage } from '../dist/index.js';
import { invoice, report } from './docs/content.mjs';
import { toHtml } from './docs/to-html.mjs';
import { fmtMs, median, p95, table } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
  },
});
const rounds = args.quick ? 1 : 10;
const WIDTH = 1024;

/** The shortest report (in sections) whose image at 1024 px is at least 3,000 px tall. */
async function tallReport() {
  for (let sections = 1; sections < 40; sections++) {
    const html = await toHtml(report(sections, 'report-tall', { figures: false }));
    const r = await renderImage({ kind: 'html', html }, { width: WIDTH });
    if (r.height >= 3000) return html;
  }
  throw new Error('no report reached 3,000 px');
}

// --quick (CI) proves the path works on the invoice only.
const docs = {
  invoice: await toHtml(invoice()),
  ...(args.quick ? {} : { 'report ~3000 px': await tallReport() }),
};
const rows = [];
for (const [name, html] of Object.entries(docs)) {
  for (const format of ['png', 'jpeg']) {
    const input = { kind: 'html', html };
    const first = await renderImage(input, { width: WIDTH, format }); // warm-up
    const times = [];
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      await renderImage(input, { width: WIDTH, format });
      times.push(performance.now() - t);
    }
    rows.push({
      doc: name,
      format,
      size: `${first.width}x${first.height}`,
      KiB: Math.round(first.image.length / 1024),
      median: median(times),
      p95: p95(times),
    });
  }
}
if (args.json) console.log(JSON.stringify({ width: WIDTH, rounds, rows }));
else {
  console.log(`raster output at width ${WIDTH}, ${rounds} rounds after warm-up\n`);
  console.log(
    table(
      rows.map((r) => ({ ...r, KiB: String(r.KiB), median: fmtMs(r.median), p95: fmtMs(r.p95) })),
    ),
  );
}
