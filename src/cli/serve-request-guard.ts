/**
 * Which requests `mrsched serve` answers at all. Its Host header must name
 * the address it listens on (127.0.0.1, localhost, [::1] or --host, with the
 * port), so that a page of another site whose name was rebound to this
 * machine cannot read the served files (421). A request that changes
 * anything (any method but GET and HEAD) must be JSON and come from the
 * server's own page: no Origin, as from curl, or this server's (403), since
 * a browser sends a plain-text POST to any site without asking it first.
 */
import { isIPv6 } from 'node:net';
import type { IncomingMessage } from 'node:http';

export interface Refusal {
  readonly status: 403 | 421;
  readonly error: string;
}

/** The Host header values that name the server listening on `host` and `port`, lower case. */
export function allowedHosts(host: string, port: number): ReadonlySet<string> {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]', hostLabel(host)].map((name) => name.toLowerCase()));
  // Browsers leave the port out of the Host header when it is HTTP's own.
  return new Set([...names].flatMap((name) => (port === 80 ? [`${name}:${port}`, name] : [`${name}:${port}`])));
}

/** `host` as it is written in a URL: an IPv6 address in brackets. */
export function hostLabel(host: string): string {
  return isIPv6(host) ? `[${host}]` : host;
}

/** Why `request` is not answered, or undefined when it may be. */
export function refusal(request: IncomingMessage, hosts: ReadonlySet<string>): Refusal | undefined {
  const host = request.headers.host?.toLowerCase();
  if (host === undefined || !hosts.has(host)) {
    return { status: 421, error: `this server answers requests to ${[...hosts].map((name) => `http://${name}`).join(', ')} only` };
  }
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const type = request.headers['content-type']?.split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') return { status: 403, error: `a ${request.method} request must be application/json, found ${JSON.stringify(type ?? 'none')}` };
  const origin = request.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) return { status: 403, error: `a ${request.method} request must come from this server's own page, not from ${JSON.stringify(origin)}` };
  return undefined;
}
