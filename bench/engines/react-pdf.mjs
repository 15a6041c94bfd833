// @react-pdf/renderer: the same content as a React element tree built with createElement (no
// JSX, so no build step). Untagged.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import React from 'react';
import { Document, Font, Image, Page, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { chartPng } from '../docs/assets.mjs';

const require = createRequire(import.meta.url);
const h = React.createElement;
const font = (f) => fileURLToPath(new URL(`../../fonts/${f}`, import.meta.url));

function version() {
  try {
    return require('@react-pdf/renderer/package.json').version;
  } catch {
    return 'unknown';
  }
}

export const info = { name: 'react-pdf', version: version(), tagged: false, kind: 'js' };

export async function available() {
  return true;
}

const SIZES = { 1: 20, 2: 14, 3: 11 };

/** @param {import('../docs/content.mjs').Doc} doc */
function tree(doc, png) {
  const kids = doc.blocks.map((b, k) => {
    if (b.t === 'h')
      return h(
        Text,
        {
          key: k,
          style: { fontSize: SIZES[b.level], fontWeight: 'bold', marginTop: 8, marginBottom: 5 },
        },
        b.text,
      );
    if (b.t === 'p')
      return h(
        Text,
        { key: k, style: { fontSize: b.small ? 8 : 10, marginBottom: 6, lineHeight: 1.35 } },
        b.text,
      );
    if (b.t === 'list')
      return h(
        View,
        { key: k, style: { marginBottom: 6 } },
        b.items.map((item, i) =>
          h(View, { key: i, style: { flexDirection: 'row' } }, [
            h(Text, { key: 'm', style: { width: 16 } }, b.ordered ? `${i + 1}.` : '•'),
            h(Text, { key: 't', style: { flex: 1, lineHeight: 1.35 } }, item),
          ]),
        ),
      );
    if (b.t === 'table') {
      const total = b.widths.reduce((a, w) => a + w, 0);
      const cell = (text, i, header) =>
        h(
          Text,
          {
            key: i,
            style: {
              width: `${(100 * b.widths[i]) / total}%`,
              padding: 3,
              borderWidth: 0.5,
              borderColor: '#ccccdd',
              textAlign: b.numeric[i] ? 'right' : 'left',
              fontWeight: header ? 'bold' : 'normal',
              backgroundColor: header ? '#e8eef8' : undefined,
            },
          },
          text,
        );
      return h(View, { key: k, style: { fontSize: 9, marginBottom: 8 } }, [
        b.caption
          ? h(Text, { key: 'c', style: { fontWeight: 'bold', marginBottom: 3 } }, b.caption)
          : null,
        h(
          View,
          { key: 'h', fixed: true, style: { flexDirection: 'row' } },
          b.head.map((c, i) => cell(c, i, true)),
        ),
        ...b.rows.map((r, j) =>
          h(
            View,
            { key: `r${j}`, wrap: false, style: { flexDirection: 'row' } },
            r.map((c, i) => cell(c, i, false)),
          ),
        ),
      ]);
    }
    return h(View, { key: k, style: { marginVertical: 6 } }, [
      h(Image, { key: 'i', src: png, style: { width: b.width, height: b.height } }),
      h(Text, { key: 'c', style: { fontSize: 9 } }, b.caption),
    ]);
  });
  return h(
    Document,
    { title: doc.title, language: doc.lang },
    h(
      Page,
      { size: 'A4', style: { padding: 57, fontFamily: 'LiberationSans', fontSize: 10 } },
      kids,
    ),
  );
}

export async function create() {
  Font.register({
    family: 'LiberationSans',
    fonts: [
      { src: font('LiberationSans-Regular.ttf') },
      { src: font('LiberationSans-Bold.ttf'), fontWeight: 'bold' },
    ],
  });
  const png = await chartPng();
  return {
    async prepare(doc) {
      return doc.template ? null : doc;
    },
    async render(doc) {
      // The element tree is built inside the timed call: it is the engine's input step.
      return { bytes: await renderToBuffer(tree(doc, png)) };
    },
    async close() {},
  };
}
