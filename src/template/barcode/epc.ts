/**
 * SEPA credit transfer QR code (EPC069-12, version 002): the lines a banking app reads to fill a
 * transfer. BIC optional, UTF-8, amount in euros, a structured reference or a remittance text.
 */
import type { FieldProblem } from '../../diagnostics.js';
import {
  bicProblem,
  compact,
  creditorReferenceProblem,
  formatCreditorReference,
  formatIban,
  ibanProblem,
} from './checksums.js';
import { amountField, lineField, readableAmount, requiredLine } from './fields.js';
import type { EncodedPayload, EpcPayload } from './types.js';

/** EPC069-12: the whole payload is at most 331 bytes. */
const MAX_BYTES = 331;

export function epcData(
  p: EpcPayload,
  at: string,
  problems: FieldProblem[],
): EncodedPayload | undefined {
  const before = problems.length;
  const name = requiredLine(p.name, `${at}/name`, 70, problems);
  const ibanText = requiredLine(p.iban, `${at}/iban`, 42, problems);
  const ibanIssue = ibanText ? ibanProblem(ibanText) : undefined;
  if (ibanIssue) problems.push({ pointer: `${at}/iban`, message: ibanIssue });
  const bic = lineField(p.bic, `${at}/bic`, 14, problems);
  const bicIssue = bic ? bicProblem(bic) : undefined;
  if (bicIssue) problems.push({ pointer: `${at}/bic`, message: bicIssue });
  const amount = amountField(
    p.amount,
    `${at}/amount`,
    { min: 0.01, max: 999_999_999.99 },
    problems,
  );
  const purpose = lineField(p.purpose, `${at}/purpose`, 4, problems).toUpperCase();
  if (purpose && !/^[A-Z]{4}$/.test(purpose))
    problems.push({
      pointer: `${at}/purpose`,
      message: 'must be an ISO 20022 purpose code of four letters',
    });
  const reference = lineField(p.reference, `${at}/reference`, 35, problems);
  if (/^RF/i.test(reference)) {
    const issue = creditorReferenceProblem(reference);
    if (issue) problems.push({ pointer: `${at}/reference`, message: issue });
  }
  const remittance = lineField(p.remittance, `${at}/remittance`, 140, problems);
  if (reference && remittance)
    problems.push({
      pointer: `${at}/remittance`,
      message: 'cannot be given together with reference: a transfer has one or the other',
    });
  const information = lineField(p.information, `${at}/information`, 70, problems);
  if (problems.length > before) return undefined;

  const structured = /^RF/i.test(reference) ? compact(reference) : reference;
  const lines = [
    'BCD',
    '002',
    '1',
    'SCT',
    bic ? compact(bic) : '',
    name,
    compact(ibanText),
    amount ? `EUR${amount}` : '',
    purpose,
    structured,
    remittance,
    information,
  ];
  while (lines[lines.length - 1] === '') lines.pop();
  const data = lines.join('\n');
  const bytes = Buffer.byteLength(data, 'utf8');
  if (bytes > MAX_BYTES) {
    problems.push({
      pointer: at,
      message: `makes ${bytes} bytes; a SEPA credit transfer code holds at most ${MAX_BYTES} (shorten the remittance text or name)`,
    });
    return undefined;
  }
  const parts = [
    `SEPA credit transfer${amount ? ` of EUR ${readableAmount(amount)}` : ''} to ${name}`,
    `IBAN ${formatIban(ibanText)}`,
  ];
  if (structured)
    parts.push(
      `reference ${/^RF/.test(structured) ? formatCreditorReference(structured) : structured}`,
    );
  if (remittance) parts.push(`remittance: ${remittance}`);
  return { data, description: parts.join(', ') };
}
