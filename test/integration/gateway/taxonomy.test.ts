import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGatewayClient, type GatewayClientOptions } from '../../../main/gateway/client';
import { serverName } from '../../../main/gateway/http-transport';
import { startGatewaySimulator, type GatewaySimulator } from '../../../main/training/gateway/server';
import { tempDirForSuite } from '../../support/tmp';
import { NS } from '../../unit/gateway/fixtures';
import { proxyServer, selfSignedCert, silentServer, tlsFront, type Closable } from './tls-helpers';

/** Every kind of the taxonomy, each produced by a real exchange over loopback. */
let sim: GatewaySimulator;
let tls: Closable & { sni: Array<string | false> };
let cert: { key: string; cert: string };
const dir = tempDirForSuite('pos-gw-tls-');
const sale = { Transaction_Type: '00', DollarAmount: '10.00', Card_Number: '4111111111111111', Expiry_Date: '1239', CardHoldersName: 'J D' };

beforeAll(async () => {
  sim = await startGatewaySimulator({ namespace: NS, credentials: { gatewayId: 'GW1', password: 'pw' } });
  cert = selfSignedCert(dir.dir);
  tls = await tlsFront(cert, sim.port);
});
afterAll(async () => {
  await tls.close();
  await sim.close();
  dir.remove();
});

async function send(overrides: Partial<GatewayClientOptions> = {}, request: Record<string, unknown> = sale, op: 'SendAndCommit' | 'TransactionInfo' = 'SendAndCommit') {
  const client = await createGatewayClient({ url: sim.url, namespace: NS, gatewayId: 'GW1', password: 'pw', connectTimeoutMs: 1000, timeoutMs: 3000, ...overrides });
  try {
    return await client.send(op, request as never);
  } finally {
    client.close();
  }
}

describe('answers with a result', () => {
  it('approved, declined (bank code), rejected (gateway code)', async () => {
    expect(await send()).toMatchObject({ kind: 'approved' });
    expect(await send({}, { ...sale, DollarAmount: '5530.00' })).toMatchObject({ kind: 'declined', bankCode: '530', bankMessage: 'Do Not Honor' });
    expect(await send({}, { ...sale, DollarAmount: '5000.14' })).toMatchObject({ kind: 'rejected', gatewayCode: '14', gatewayMessage: 'Invalid Gateway ID' });
  });
});

describe('answers without a result', () => {
  it('SOAP fault injected by the gateway (Server: may have been processed)', async () => {
    sim.inject({ kind: 'soap-fault', code: 'Server', message: 'Host unavailable', errorNumber: 101 });
    expect(await send()).toMatchObject({ kind: 'fault', faultCode: 'soap:Server', faultString: 'Host unavailable', errorNumber: '101', retry: 'lookup-first' });
  });

  it('SOAP fault from the strict simulator for a wrong namespace (Client: refused as such)', async () => {
    const outcome = await send({ namespace: 'http://other.test/rpc-enc/' });
    expect(outcome).toMatchObject({ kind: 'fault', faultCode: 'soap:Client', retry: 'fix-request' });
    if (outcome.kind === 'fault') expect(outcome.faultString).toMatch(/namespace/);
  });

  it('HTTP 500, HTTP 401 for bad credentials, HTTP 404 for a wrong path', async () => {
    sim.inject({ kind: 'http-500' });
    expect(await send()).toMatchObject({ kind: 'http-error', status: 500, retry: 'lookup-first' });
    expect(await send({ password: 'wrong' })).toMatchObject({ kind: 'http-error', status: 401, retry: 'fix-request' });
    expect(await send({ url: sim.url.replace('/transaction/v14', '/other/v14') })).toMatchObject({ kind: 'http-error', status: 404 });
  });
});

describe('sent, outcome unknown (look up before sending again)', () => {
  it('time-out after the request was sent', async () => {
    sim.inject({ kind: 'delay', ms: 1500 });
    const started = Date.now();
    expect(await send({ timeoutMs: 300 })).toMatchObject({ kind: 'unknown', reason: 'timeout', retry: 'lookup-first' });
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('connection dropped before processing', async () => {
    sim.inject({ kind: 'drop-before' });
    expect(await send()).toMatchObject({ kind: 'unknown', reason: 'connection-lost' });
  });

  it('connection dropped after processing: the lookup finds the approved transaction', async () => {
    const before = sim.stored().length;
    sim.inject({ kind: 'drop-after' });
    expect(await send({}, { ...sale, Reference_No: 'LOST-1' })).toMatchObject({ kind: 'unknown', reason: 'connection-lost' });
    const stored = sim.stored();
    expect(stored).toHaveLength(before + 1);
    const tag = stored.at(-1)?.tag ?? '';
    expect(await send({}, { Transaction_Type: 'CR', Transaction_Tag: tag }, 'TransactionInfo')).toMatchObject({ kind: 'approved', result: { Reference_No: 'LOST-1' } });
  });

  it('an answer carrying a DTD is refused unparsed (no entity is ever expanded)', async () => {
    const evil = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/xml' });
      res.end('<?xml version="1.0"?><!DOCTYPE e [<!ENTITY x SYSTEM "file:///etc/passwd">]><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>&x;</soap:Body></soap:Envelope>');
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', () => resolve()));
    const address = evil.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      expect(await send({ url: `http://127.0.0.1:${port}/transaction/v14` })).toMatchObject({ kind: 'unknown', reason: 'unsafe-xml' });
    } finally {
      await new Promise<void>((resolve) => evil.close(() => resolve()));
    }
  });

  it('malformed XML answer and an answer over the size limit', async () => {
    sim.inject({ kind: 'malformed' });
    expect(await send()).toMatchObject({ kind: 'unknown', reason: 'malformed-response' });
    expect(await send({ maxResponseBytes: 512 })).toMatchObject({ kind: 'unknown', reason: 'response-too-large' });
  });
});

describe('not sent (safe to retry)', () => {
  it('connection refused', async () => {
    const closed = await startGatewaySimulator({ namespace: NS });
    const url = closed.url;
    await closed.close();
    expect(await send({ url })).toMatchObject({ kind: 'not-sent', reason: 'connect-failed', retry: 'safe' });
  });

  it('connect time-out: the TLS connection never opens', async () => {
    const silent = await silentServer();
    try {
      expect(await send({ url: `https://127.0.0.1:${silent.port}/transaction/v14`, connectTimeoutMs: 300 })).toMatchObject({ kind: 'not-sent', reason: 'connect-timeout' });
    } finally {
      await silent.close();
    }
  });

  it('TLS verification stays on: an untrusted certificate is refused before anything is sent', async () => {
    const url = `https://127.0.0.1:${tls.port}/transaction/v14`;
    const before = sim.received().length;
    expect(await send({ url })).toMatchObject({ kind: 'not-sent', reason: 'tls' });
    expect(sim.received()).toHaveLength(before);
    expect(await send({ url, ca: cert.cert })).toMatchObject({ kind: 'approved' });
  });

  it('reaches a gateway by IP address over TLS (prepared connection, through a proxy) without naming the address as SNI', async () => {
    // RFC 6066 allows only host names in SNI; Node warns (DEP0123) and will ignore an address.
    const url = `https://127.0.0.1:${tls.port}/transaction/v14`;
    const client = await createGatewayClient({ url, namespace: NS, gatewayId: 'GW1', password: 'pw', connectTimeoutMs: 1000, timeoutMs: 3000, ca: cert.cert });
    const before = tls.sni.length;
    try {
      client.preconnect();
      await vi.waitFor(() => expect(tls.sni.length).toBe(before + 1));
      expect(await client.send('SendAndCommit', sale as never)).toMatchObject({ kind: 'approved' });
    } finally {
      client.close();
    }
    const proxy = await proxyServer({});
    try {
      expect(await send({ url, ca: cert.cert, proxy: `http://127.0.0.1:${proxy.port}` })).toMatchObject({ kind: 'approved' });
    } finally {
      await proxy.close();
    }
    expect(await send({ url, ca: cert.cert })).toMatchObject({ kind: 'approved' });
    expect(tls.sni.slice(before)).toEqual([false, false, false]);
    expect(serverName('127.0.0.1')).toEqual({});
    expect(serverName('[::1]')).toEqual({});
    expect(serverName('gw.example')).toEqual({ servername: 'gw.example' });
  });

  it('a proxy that refuses the tunnel', async () => {
    const proxy = await proxyServer({ refuse: 403 });
    try {
      expect(await send({ url: `https://127.0.0.1:${tls.port}/transaction/v14`, ca: cert.cert, proxy: `http://127.0.0.1:${proxy.port}` })).toMatchObject({ kind: 'not-sent', reason: 'proxy' });
    } finally {
      await proxy.close();
    }
  });

  it('an invalid request is never sent', async () => {
    const before = sim.received().length;
    expect(await send({}, { ...sale, Expiry_Date: '0101' })).toMatchObject({ kind: 'invalid', retry: 'fix-request' });
    expect(sim.received()).toHaveLength(before);
  });
});

describe('through a proxy, signed', () => {
  it('tunnels HTTPS with CONNECT and never sends plain HTTP to the proxy (issue 19)', async () => {
    const proxy = await proxyServer();
    try {
      expect(await send({ url: `https://127.0.0.1:${tls.port}/transaction/v14`, ca: cert.cert, proxy: `http://127.0.0.1:${proxy.port}` })).toMatchObject({ kind: 'approved' });
      await expect(send({ proxy: `http://127.0.0.1:${proxy.port}` })).rejects.toThrow(/gateway\.url is not https:\/\/ while gateway\.proxy is set/);
      expect(proxy.seen).toEqual([`CONNECT 127.0.0.1:${tls.port}`]);
    } finally {
      await proxy.close();
    }
  });

  it('HMAC: a signing simulator accepts the right key and answers 401 to a wrong or missing one', async () => {
    const signed = await startGatewaySimulator({ namespace: NS, hmac: { keyId: 'K1', key: 'hmac-secret' } });
    try {
      const at = { url: signed.url };
      expect(await send({ ...at, hmac: { keyId: 'K1', key: 'hmac-secret' } })).toMatchObject({ kind: 'approved' });
      const headers = signed.received().at(-1)?.headers ?? {};
      expect(headers.authorization).toMatch(/^GGE4_API K1:[A-Za-z0-9+/]+=*$/);
      expect(headers['x-gge4-content-sha1']).toMatch(/^[0-9a-f]{40}$/);
      expect(await send({ ...at, hmac: { keyId: 'K1', key: 'other' } })).toMatchObject({ kind: 'http-error', status: 401 });
      expect(await send(at)).toMatchObject({ kind: 'http-error', status: 401 });
    } finally {
      await signed.close();
    }
  });
});
