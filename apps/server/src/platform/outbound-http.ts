import dns from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, fetch, type RequestInit, type Response } from 'undici';

/**
 * Requests the server makes on an operator's behalf to an address the operator typed (news feeds):
 * only to public unicast addresses, so a configured URL cannot reach the loopback interface, the
 * private network, link-local cloud metadata (169.254.169.254) or anything else inside (SSRF).
 *
 * - A host name is resolved by the connection itself through a guarded lookup that refuses the
 *   connection when any resolved address is not public, so the check and the connection use the
 *   same answer (no DNS rebinding window between a check and a second resolution).
 * - An address literal in the URL (which the socket connects to without a lookup) is checked first.
 * - Redirects are followed by hand, each hop checked the same way, at most `maxRedirects`.
 *
 * `allowPrivate` (OUTBOUND_ALLOW_PRIVATE, for tests and closed networks) lifts the address check.
 */
export class ForbiddenAddressError extends Error {
  constructor(readonly address: string) {
    super(`outbound request to a non-public address refused: ${address}`);
    this.name = 'ForbiddenAddressError';
  }
}

/** A public unicast address (IPv4-mapped IPv6 is judged as the IPv4 address it carries). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(new ForbiddenAddressError(refused.address), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    return callback(null, first.address, first.family);
  });
}

let guardedAgent: Agent | undefined;
function agent(): Agent {
  guardedAgent ??= new Agent({ connect: { lookup: guardedLookup } });
  return guardedAgent;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Finds a ForbiddenAddressError anywhere in an error's cause chain (fetch wraps connection errors). */
export function forbiddenAddressIn(error: unknown): ForbiddenAddressError | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    if (e instanceof ForbiddenAddressError) return e;
  }
  return null;
}

export interface OutboundOptions {
  allowPrivate: boolean;
  maxRedirects?: number;
}

/** GET-style fetch to an operator-given URL under the rules above; throws ForbiddenAddressError when refused. */
export async function fetchOutbound(
  url: string,
  init: Omit<RequestInit, 'redirect' | 'dispatcher'>,
  options: OutboundOptions,
): Promise<Response> {
  const maxRedirects = options.maxRedirects ?? 5;
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') {
      throw new ForbiddenAddressError(current.protocol);
    }
    const host = current.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) {
      throw new ForbiddenAddressError(host);
    }
    const response = await fetch(current, {
      ...init,
      redirect: 'manual',
      ...(options.allowPrivate ? {} : { dispatcher: agent() }),
    });
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || !location) return response;
    await response.body?.cancel();
    if (hop >= maxRedirects) throw new Error(`more than ${maxRedirects} redirects`);
    current = new URL(location, current);
  }
}
