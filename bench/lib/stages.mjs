// Share of a11ypdf's time per pipeline stage, from V8's sampling profiler rather than timers in
// the engine (so the product carries no timing hooks). Every sample is charged to the innermost
// frame of a11ypdf's own code on its stack, by folder: library frames (parse5, css-tree, fontkit,
// yoga, zlib) count for the stage that called them.
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { render, validate } from '../../dist/index.js';
import { toHtml } from '../docs/to-html.mjs';
import { loadDoc } from './docs.mjs';

export const STAGES = [
  'parse',
  'cascade',
  'layout',
  'text',
  'paginate',
  'write',
  'compress',
  'validate',
  'gc',
  'other',
];

const OUR_DIST = new URL('../../dist/', import.meta.url).href;

/** @returns {string | null} the stage of one a11ypdf frame, or null for a frame outside our dist/ */
function stageOf(url, fn, passedZlib) {
  if (!url.startsWith(OUR_DIST)) return null;
  const path = url.slice(OUR_DIST.length);
  if (path.startsWith('html/') || path.startsWith('template/')) return 'parse';
  if (path.startsWith('style/')) return 'cascade';
  if (path === 'layout/paginate.js' || path === 'layout/page.js') return 'paginate';
  if (path.startsWith('layout/')) return 'layout';
  if (path.startsWith('text/')) return 'text';
  if (path.startsWith('pdf/')) return passedZlib || fn === 'deflate' ? 'compress' : 'write';
  if (path.startsWith('validate/')) return 'validate';
  return 'other';
}

/** @param {any} profile V8 CPU profile @returns {Record<string, number>} milliseconds per stage */
function attribute(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  /** @type {Map<number, string>} */
  const memo = new Map();
  const classify = (id) => {
    if (memo.has(id)) return memo.get(id);
    let stage = 'other';
    let passedZlib = false;
    const leaf = byId.get(id).callFrame.functionName;
    if (leaf === '(garbage collector)') stage = 'gc';
    else if (leaf === '(idle)') stage = 'idle';
    else
      for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
        const f = byId.get(cur).callFrame;
        if (f.url === 'node:zlib') passedZlib = true;
        if (f.url === 'node:inspector') {
          stage = 'idle'; // the profiler's own start and stop
          break;
        }
        const s = stageOf(f.url, f.functionName, passedZlib);
        if (s) {
          stage = s;
          break;
        }
      }
    memo.set(id, stage);
    return stage;
  };
  /** @type {Record<string, number>} */
  const ms = Object.fromEntries(STAGES.map((s) => [s, 0]));
  profile.samples.forEach((id, k) => {
    const s = classify(id);
    if (s !== 'idle') ms[s] += (profile.timeDeltas[k] ?? 0) / 1000;
  });
  return ms;
}

/**
 * Renders and validates each document n times under the profiler.
 * @returns {Promise<Record<string, { wallMs: number, stagesMs: Record<string, number> }>>}
 */
export async function stageShares(docs, n) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  const out = {};
  for (const name of docs) {
    const doc = await loadDoc(name);
    const input = doc.template
      ? { kind: 'template', template: doc.template, data: doc.data }
      : { kind: 'html', html: await toHtml(doc) };
    validate((await render(input)).pdf, { flavours: ['pdfa-3a', 'pdfua-1'] }); // warm-up
    await session.post('Profiler.start');
    const t = performance.now();
    for (let i = 0; i < n; i++) {
      const r = await render(input);
      validate(r.pdf, { flavours: ['pdfa-3a', 'pdfua-1'] });
    }
    const wallMs = (performance.now() - t) / n;
    const { profile } = await session.post('Profiler.stop');
    const ms = attribute(profile);
    const total = Object.values(ms).reduce((a, b) => a + b, 0) || 1;
    out[name] = {
      wallMs,
      stagesMs: Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, (v / total) * wallMs])),
    };
  }
  session.disconnect();
  return out;
}
