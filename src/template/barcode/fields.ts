/** Checks shared by the line-based payloads (EPC, Swiss QR-bill): one line, a length, an amount. */
import type { FieldProblem } from '../../diagnostics.js';

/**
 * A field that becomes one line of the payload: trimmed, without line breaks, at most `max`
 * characters. Returns the trimmed value ('' when absent).
 */
export function lineField(
  value: string | undefined,
  at: string,
  max: number,
  problems: FieldProblem[],
): string {
  const v = (value ?? '').trim();
  if (/[\r\n]/.test(v))
    problems.push({ pointer: at, message: 'must be one line (no line breaks)' });
  else if ([...v].length > max)
    problems.push({
      pointer: at,
      message: `must have at most ${max} characters, not ${[...v].length}`,
    });
  return v;
}

/** A required line field: also refused when blank. */
export function requiredLine(
  value: string | undefined,
  at: string,
  max: number,
  problems: FieldProblem[],
): string {
  const v = lineField(value, at, max, problems);
  if (v === '') problems.push({ pointer: at, message: 'must not be empty' });
  return v;
}

/**
 * A money amount with at most two decimals between `min` and `max`, as a number or a decimal
 * string ("12.30"); returned with two decimals ("12.30"), undefined when absent or wrong.
 */
export function amountField(
  value: number | string | undefined,
  at: string,
  bounds: { readonly min: number; readonly max: number },
  problems: FieldProblem[],
): string | undefined {
  if (value === undefined) return undefined;
  let cents: number | undefined;
  if (typeof value === 'number') {
    const scaled = Math.round(value * 100);
    if (Number.isFinite(value) && Math.abs(scaled - value * 100) < 1e-6) cents = scaled;
  } else if (/^\s*\d+(\.\d{1,2})?\s*$/.test(value)) {
    const [whole, fraction = ''] = value.trim().split('.');
    cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  }
  if (cents === undefined) {
    problems.push({
      pointer: at,
      message: 'must be an amount with at most two decimals, such as 12.30',
    });
    return undefined;
  }
  if (cents < Math.round(bounds.min * 100) || cents > Math.round(bounds.max * 100)) {
    problems.push({
      pointer: at,
      message: `must be between ${bounds.min.toFixed(2)} and ${bounds.max.toFixed(2)}`,
    });
    return undefined;
  }
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** An amount as people read it: 1,949.75. */
export const readableAmount = (amount: string): string =>
  new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(amount),
  );
