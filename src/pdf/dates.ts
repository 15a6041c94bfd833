/** PDF date strings (ISO 32000-1, 7.9.4), always in UTC. */
export function pdfDate(d: Date): string {
  const iso = d.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}+00'00'`;
}
