/**
 * How a request reaches the live gateway, and the one route that is refused.
 *
 * Why: every request carries Track1 or Track2 (or a keyed card number with its CVD) and the
 * gateway `<Password>`. Plain `http://` is accepted only straight to this machine (a local test
 * gateway, or a TLS-terminating proxy on the same PC): those bytes then never cross a network.
 * Through an HTTP proxy they would cross it in clear whatever the gateway's address says, and the
 * proxy reads, and may log, the whole request (issue 19: `http://127.0.0.1` plus a proxy elsewhere
 * sent the tracks and the password to the proxy). So a proxy is used only with an `https://`
 * gateway, tunnelled with CONNECT: TLS runs from this terminal to the gateway and the proxy sees
 * the host and port alone. The route is refused, never quietly "fixed": dropping the proxy would
 * bypass the network IT set for the lane, keeping it would send card data in clear.
 *
 * The settings rule (config/settings/gateway.ts), provisioning, the gateway service (values an
 * older version stored) and the HTTP transport all ask this module.
 */

/** The URL's scheme (`https:`), read as Node's URL reads it (any case, leading blanks ignored); undefined when it is not a URL. */
function schemeOf(url: string): string | undefined {
  try {
    return new URL(url).protocol;
  } catch {
    return undefined;
  }
}

/** Whether requests to this address would travel without TLS (`http://`, in any case or spacing). */
export function isPlainHttp(url: string): boolean {
  return schemeOf(url) === 'http:';
}

/**
 * Why the gateway cannot be reached at `url` through `proxy`, naming both settings, or undefined.
 * No proxy, or no address (training: the built-in simulator is reached directly and the proxy
 * waits for an https:// address): nothing to refuse. Through a proxy only https:// passes.
 */
export function plainHttpThroughProxy(url: string, proxy: string | undefined): string | undefined {
  if (!proxy || proxy.trim() === '' || url.trim() === '') return undefined;
  if (schemeOf(url) === 'https:') return undefined;
  return (
    'gateway.url is not https:// while gateway.proxy is set: the proxy would receive the card data and the gateway password in clear. ' +
    'Through a proxy the gateway must be https:// (TLS runs end to end inside the proxy\'s CONNECT tunnel); plain http:// is allowed only directly to this machine. ' +
    'Set gateway.url to the https:// address, or unset gateway.proxy'
  );
}
