/**
 * The XMP Date type (XMP Specification Part 2, 1.2.2.3): a subset of ISO 8601 —
 * YYYY, YYYY-MM, YYYY-MM-DD, then optionally Thh:mm with a time zone, or Thh:mm:ss[.s+]
 * with an optional time zone (Z or ±hh[:mm]). Out-of-range numbers are tolerated the way
 * common XMP processors tolerate them (clamped), so only the shape is judged.
 */

class Cursor {
  pos = 0;
  constructor(readonly s: string) {}
  ch(): string {
    return this.pos < this.s.length ? this.s[this.pos] : '';
  }
  more(): boolean {
    return this.pos < this.s.length;
  }
  /** Reads one or more digits; false when there are none. */
  digits(): boolean {
    const start = this.pos;
    while (this.pos < this.s.length && this.s[this.pos] >= '0' && this.s[this.pos] <= '9')
      this.pos++;
    return this.pos > start;
  }
}

const isTz = (c: string): boolean => c === 'Z' || c === '+' || c === '-';

export function isXmpDate(value: string): boolean {
  if (value.length === 0) return true;
  const c = new Cursor(value);
  const timeOnly = value[0] === 'T' || value[1] === ':' || value[2] === ':';
  if (!timeOnly) {
    if (c.ch() === '-') c.pos++;
    if (!c.digits()) return false;
    if (c.more() && c.ch() !== '-') return false;
    if (!c.more()) return true;
    c.pos++;
    if (!c.digits()) return false;
    if (c.more() && c.ch() !== '-') return false;
    if (!c.more()) return true;
    c.pos++;
    if (!c.digits()) return false;
    if (c.more() && c.ch() !== 'T') return false;
    if (!c.more()) return true;
  }
  if (c.ch() === 'T') c.pos++;
  else if (!timeOnly) return false;
  if (!c.digits() || c.ch() !== ':') return false;
  c.pos++;
  if (!c.digits()) return false;
  if (c.more() && c.ch() !== ':' && !isTz(c.ch())) return false;
  if (c.ch() === ':') {
    c.pos++;
    if (!c.digits()) return false;
    if (c.more() && c.ch() !== '.' && !isTz(c.ch())) return false;
    if (c.ch() === '.') {
      c.pos++;
      if (!c.digits()) return false;
      if (c.more() && !isTz(c.ch())) return false;
    }
  } else if (!isTz(c.ch())) {
    // Hours and minutes without seconds need a time zone.
    return false;
  }
  if (!c.more()) return true;
  if (c.ch() === 'Z') {
    c.pos++;
  } else {
    c.pos++;
    if (!c.digits()) return false;
    if (c.more()) {
      if (c.ch() !== ':') return false;
      c.pos++;
      if (!c.digits()) return false;
    }
  }
  return !c.more();
}
