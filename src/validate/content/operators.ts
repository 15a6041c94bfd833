/** The content stream operators defined by ISO 32000-1, Annex A (Table A.1). */
export const KNOWN_OPERATORS: ReadonlySet<string> = new Set([
  'b',
  'B',
  'b*',
  'B*',
  'BDC',
  'BI',
  'BMC',
  'BT',
  'BX',
  'c',
  'cm',
  'CS',
  'cs',
  'd',
  'd0',
  'd1',
  'Do',
  'DP',
  'EI',
  'EMC',
  'ET',
  'EX',
  'f',
  'F',
  'f*',
  'G',
  'g',
  'gs',
  'h',
  'i',
  'ID',
  'j',
  'J',
  'K',
  'k',
  'l',
  'm',
  'M',
  'MP',
  'n',
  'q',
  'Q',
  're',
  'RG',
  'rg',
  'ri',
  's',
  'S',
  'SC',
  'sc',
  'SCN',
  'scn',
  'sh',
  'T*',
  'Tc',
  'Td',
  'TD',
  'Tf',
  'Tj',
  'TJ',
  'TL',
  'Tm',
  'Tr',
  'Ts',
  'Tw',
  'Tz',
  'v',
  'w',
  'W',
  'W*',
  'y',
  "'",
  '"',
]);

/** Path-painting operators and whether they fill and/or stroke ('n' paints nothing). */
export const PATH_PAINT: ReadonlyMap<string, { readonly fill: boolean; readonly stroke: boolean }> =
  new Map([
    ['S', { fill: false, stroke: true }],
    ['s', { fill: false, stroke: true }],
    ['f', { fill: true, stroke: false }],
    ['F', { fill: true, stroke: false }],
    ['f*', { fill: true, stroke: false }],
    ['B', { fill: true, stroke: true }],
    ['B*', { fill: true, stroke: true }],
    ['b', { fill: true, stroke: true }],
    ['b*', { fill: true, stroke: true }],
  ]);

export const TEXT_SHOW: ReadonlySet<string> = new Set(['Tj', 'TJ', "'", '"']);

/** Whether text rendering mode `tr` fills, strokes or only clips (mode 3 and 7 paint nothing). */
export function renderingModePaints(tr: number): {
  readonly fill: boolean;
  readonly stroke: boolean;
} {
  switch (tr) {
    case 0:
    case 4:
      return { fill: true, stroke: false };
    case 1:
    case 5:
      return { fill: false, stroke: true };
    case 2:
    case 6:
      return { fill: true, stroke: true };
    default:
      return { fill: false, stroke: false };
  }
}
