/**
 * Wi-Fi network codes in the WIFI: format phones join from (WIFI:T:WPA;S:name;P:secret;;), with
 * the special characters backslash-escaped as readers expect. WPA, WPA2 and WPA3 personal
 * networks are all type WPA (the WPA3 specification's password-based type).
 */
import type { FieldProblem } from '../../diagnostics.js';
import type { EncodedPayload, WifiPayload } from './types.js';

const escapeWifi = (s: string): string => s.replace(/[\\;,:"]/g, (c) => `\\${c}`);

function passwordProblem(kind: 'WPA' | 'WEP', password: string): string | undefined {
  if (kind === 'WPA') {
    if (/^[0-9a-fA-F]{64}$/.test(password)) return undefined;
    if (/^[\x20-\x7e]{8,63}$/.test(password)) return undefined;
    return 'must be 8 to 63 printable ASCII characters (or 64 hexadecimal digits) for WPA';
  }
  if (/^[\x20-\x7e]{5}$|^[\x20-\x7e]{13}$/.test(password)) return undefined;
  if (/^[0-9a-fA-F]{10}$|^[0-9a-fA-F]{26}$/.test(password)) return undefined;
  return 'must be 5 or 13 ASCII characters (or 10 or 26 hexadecimal digits) for WEP';
}

export function wifiData(
  p: WifiPayload,
  at: string,
  problems: FieldProblem[],
): EncodedPayload | undefined {
  const before = problems.length;
  const ssidBytes = Buffer.byteLength(p.ssid, 'utf8');
  if (ssidBytes === 0 || ssidBytes > 32)
    problems.push({ pointer: `${at}/ssid`, message: 'must be 1 to 32 bytes (UTF-8)' });
  const security = p.security ?? (p.password ? 'WPA' : 'nopass');
  const kind = security === 'WEP' ? 'WEP' : security === 'nopass' ? 'nopass' : 'WPA';
  if (kind === 'nopass' && p.password)
    problems.push({
      pointer: `${at}/password`,
      message: 'must be absent for an open network (security nopass)',
    });
  if (kind !== 'nopass') {
    if (!p.password)
      problems.push({
        pointer: `${at}/password`,
        message: `is required for a ${security} network`,
      });
    else {
      const issue = passwordProblem(kind, p.password);
      if (issue) problems.push({ pointer: `${at}/password`, message: issue });
    }
  }
  if (problems.length > before) return undefined;

  const fields = [
    `T:${kind}`,
    `S:${escapeWifi(p.ssid)}`,
    ...(kind !== 'nopass' && p.password ? [`P:${escapeWifi(p.password)}`] : []),
    ...(p.hidden ? ['H:true'] : []),
  ];
  const access = kind === 'nopass' ? 'open network' : `${security} password ${p.password}`;
  return {
    data: `WIFI:${fields.join(';')};;`,
    description: `Wi-Fi network ${p.ssid}${p.hidden ? ' (hidden)' : ''}, ${access}`,
  };
}
