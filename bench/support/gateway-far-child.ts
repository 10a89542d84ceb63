/**
 * The gateway of payments-wait in a process of its own (simulator-process.ts starts it): the
 * simulator, a TLS front with a certificate made now, and a latency proxy per round trip. Apart,
 * its timers are not held up by the lane's work (nor the lane's by its handshakes), as on a real
 * network. Prints what the lane needs as one JSON line ("no-openssl" without openssl) and stops
 * when its stdin closes.
 */
import { DEFAULT_GATEWAY_NAMESPACE } from '../../main/config/settings/gateway';
import { startGatewaySimulator } from '../../main/training/gateway/server';
import { selfSignedCert, startLatencyProxy, startTlsTerminator } from './net';

const rtts = JSON.parse(process.argv[2] ?? '[]') as number[];
const cert = selfSignedCert();
if (!cert) {
  process.stdout.write('no-openssl\n');
} else {
  const sim = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE, keepBodies: false });
  const front = await startTlsTerminator(cert, sim.port);
  const proxies = await Promise.all(rtts.map((rtt) => startLatencyProxy({ targetPort: front.port, oneWayMs: rtt / 2 })));
  process.stdout.write(`${JSON.stringify({ simUrl: sim.url, cert: cert.cert, proxies: Object.fromEntries(rtts.map((rtt, i) => [String(rtt), proxies[i]!.port])) })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    void Promise.all([...proxies.map((p) => p.close()), front.close()])
      .then(() => sim.close())
      .then(() => process.exit(0));
  });
}
