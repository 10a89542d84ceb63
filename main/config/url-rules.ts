import { isPlainHttp } from '../gateway/route';

/**
 * Rules every URL setting shares. Credentials never ride inside a URL (they would be shown by
 * `posctl config get`, kept in provisioning records and logs): each has a sealed setting of its
 * own. A live gateway is reached over TLS (PCI DSS 4.2.1) unless it is on this machine.
 */

/** Whether the URL names this machine: a local test gateway, or a TLS-terminating proxy on the same PC. */
export function isLoopbackUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** A problem with user name or password inside a URL, or undefined. */
export function credentialsInUrl(text: string): string | undefined {
  try {
    const url = new URL(text);
    if (url.username !== '' || url.password !== '') return 'must not contain a user name or password (each has a setting of its own)';
  } catch {
    /* not a URL: the setting's own schema says so */
  }
  return undefined;
}

/**
 * `gateway.url`: https://, or http:// only to this machine. The scheme is read as the client reads
 * it (a leading blank, which URL ignores, once let " http://gateway.example" pass as not http).
 */
export function liveGatewayTransportProblem(text: string): string | undefined {
  if (!isPlainHttp(text)) return undefined;
  if (isLoopbackUrl(text)) return undefined;
  return 'a live gateway must be reached over https:// (PCI DSS 4.2.1 forbids sending card data over plain http); http:// is accepted only for an address on this machine (127.0.0.1, localhost)';
}
