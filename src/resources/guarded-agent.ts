/**
 * An undici Agent whose DNS lookup refuses addresses the policy forbids. The connector uses the
 * address the lookup returns, so the address that was checked is the one connected to (no DNS
 * rebinding window between check and connect).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type * as Undici from 'undici';
import { isRefusedAddress, type AddressPolicy } from './address-policy.js';
import { keptRecent } from '../util/index.js';

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** Error code set on lookups refused by the policy. */
export const SSRF_REFUSED = 'E_SSRF_REFUSED';

function guardedLookup(policy: AddressPolicy) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number },
    callback: LookupCallback,
  ): void => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
      if (err) return callback(err, []);
      const usable = addresses.filter((a) => !isRefusedAddress(a.address, policy));
      if (usable.length === 0) {
        const refused = Object.assign(
          new Error(`${hostname} resolves only to private or reserved addresses`),
          { code: SSRF_REFUSED },
        );
        return callback(refused, []);
      }
      if (options.all) callback(null, usable);
      else callback(null, usable[0].address, usable[0].family);
    });
  };
}

let undici: Promise<typeof Undici> | null = null;

/**
 * undici (about 1 MB of source, several MB of heap once compiled) is loaded on the first
 * http(s) fetch or upload, not at start-up: most documents only use data: URIs and bundled
 * fonts, and every worker thread would otherwise carry it.
 */
export function loadUndici(): Promise<typeof Undici> {
  return (undici ??= import('undici'));
}

export async function createGuardedAgent(
  opts: AddressPolicy & { readonly timeoutMs: number },
): Promise<Undici.Agent> {
  const { Agent } = await loadUndici();
  const policy: AddressPolicy = {
    allowPrivateNetwork: opts.allowPrivateNetwork,
    ...(opts.allowedPrivateRanges ? { allowedPrivateRanges: opts.allowedPrivateRanges } : {}),
  };
  return new Agent({
    // undici's connector accepts a dns.lookup-compatible function; its type is narrower than Node's.
    connect: { lookup: guardedLookup(policy) as never, timeout: opts.timeoutMs },
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
  });
}

/** What renders must have in common to share connections and stored responses. */
export function fetchPolicyKey(opts: AddressPolicy & { readonly timeoutMs: number }): string {
  return JSON.stringify([
    opts.allowPrivateNetwork,
    opts.allowedPrivateRanges ?? [],
    opts.timeoutMs,
  ]);
}

/** Agents kept for reuse: one per distinct policy and timeout a thread has used. */
const SHARED_AGENTS = 8;
const shared = new Map<string, Promise<Undici.Agent>>();

/**
 * A guarded agent shared by the renders of this thread that fetch under the same policy and
 * timeout, so a document's fonts and images reuse kept-alive connections (and TLS sessions)
 * from the renders before it instead of opening new ones each time, and idle sockets do not
 * pile up one agent per render. Every connection was opened through the lookup of that same
 * policy, so reusing it admits nothing the policy would refuse. The least recently used agent
 * beyond SHARED_AGENTS is closed.
 */
export function sharedGuardedAgent(
  opts: AddressPolicy & { readonly timeoutMs: number },
): Promise<Undici.Agent> {
  const key = fetchPolicyKey(opts);
  return keptRecent(
    shared,
    key,
    () => {
      const agent = createGuardedAgent(opts);
      // A failed creation (undici would not load) is not kept: the next render tries again.
      agent.catch(() => shared.get(key) === agent && shared.delete(key));
      return agent;
    },
    SHARED_AGENTS,
    (evicted) => void evicted.then((a) => a.close()).catch(() => undefined),
  );
}

/** Whether an error (or its cause) is a policy refusal from the guarded lookup. */
export function isSsrfRefusal(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === SSRF_REFUSED || e?.cause?.code === SSRF_REFUSED;
}
