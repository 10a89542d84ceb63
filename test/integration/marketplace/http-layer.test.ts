import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsonApi } from '../../../main/http/client';
import type { ApiError } from '../../../main/http/errors';
import { authHeaders } from '../../../main/http/hmac';
import { createMarketplaceClient } from '../../../main/marketplace/client';
import { failure } from '../../../main/training/marketplace/sim-http';
import { startMarketplaceSimulator, type MarketplaceSimulator } from '../../../main/training/marketplace/simulator';

const credentials = { apiKey: 'layer-key', apiSecret: 'layer-secret', algorithm: 'hmac-sha1' as const };

describe('the shared HTTP layer against a real loopback server', () => {
  let sim: MarketplaceSimulator;
  beforeAll(async () => {
    sim = await startMarketplaceSimulator({ credentials });
  });
  afterAll(async () => sim?.close());

  const clientWith = (o: { now?: () => Date; secret?: string; algorithm?: 'hmac-sha1' | 'hmac-sha256'; timeoutMs?: number; attempts?: number; baseUrl?: string } = {}) =>
    createMarketplaceClient(
      createJsonApi({
        api: 'marketplace',
        target: async () => ({ baseUrl: o.baseUrl ?? sim.baseUrl, credentials: { ...credentials, apiSecret: o.secret ?? credentials.apiSecret, algorithm: o.algorithm ?? credentials.algorithm } }),
        retry: { attempts: o.attempts ?? 3, baseDelayMs: 1, maxDelayMs: 5 },
        ...(o.now ? { now: o.now } : {}),
        ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
      }),
      async () => sim.companyId,
    );
  const count = (path: RegExp) => sim.requests.filter((r) => path.test(`${r.method} ${r.path}`)).length;

  it('retries an idempotent GET after 503s, signing each try afresh', async () => {
    sim.inject({ match: /^GET \/marketplace\/v1\/products$/, times: 2, reply: failure(503, 1503, 'Service busy') });
    const before = count(/^GET \/marketplace\/v1\/products$/);
    expect((await clientWith().products()).length).toBeGreaterThan(200);
    expect(count(/^GET \/marketplace\/v1\/products$/) - before).toBe(3);
  });

  it('gives up after the last try with the failure body in the error', async () => {
    sim.inject({ match: /faq$/, times: 3, reply: failure(503, 1503, 'Service busy', 'maintenance') });
    const err = (await clientWith().faq(5001).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ kind: 'http', status: 503, unreachable: true });
    expect(err.failure).toEqual({ code: 1503, additionalMessage: 'maintenance', message: 'Service busy' });
  });

  it('never retries a POST (it may have been acted on)', async () => {
    sim.inject({ match: /^POST .*\/leads$/, times: 1, reply: failure(503, 1503, 'Service busy') });
    const before = count(/^POST .*\/leads$/);
    const err = (await clientWith().leads('BC1001').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(503);
    expect(count(/^POST .*\/leads$/) - before).toBe(1);
  });

  it('times out on a server that never answers', async () => {
    sim.inject({ match: /specs$/, times: 1, hang: true });
    const err = (await clientWith({ timeoutMs: 300, attempts: 1 }).specs(5001).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ kind: 'timeout', posCode: 'TIMEOUT' });
  });

  it('reports a refused connection as network failure after its retries', async () => {
    const err = (await clientWith({ baseUrl: 'http://127.0.0.1:1', attempts: 2 }).products().catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ kind: 'network', unreachable: true, posCode: 'UNAVAILABLE' });
    expect(err.message).toMatch(/cannot be reached/);
  });

  it('is refused with a skewed clock, a wrong secret or another algorithm', async () => {
    const skewed = (await clientWith({ now: () => new Date(Date.now() + 10 * 60_000) }).products().catch((e: unknown) => e)) as ApiError;
    expect(skewed).toMatchObject({ kind: 'http', status: 401 });
    expect(skewed.failure?.code).toBe(1002);
    expect(skewed.message).toMatch(/credentials/);
    const wrong = (await clientWith({ secret: 'nope' }).products().catch((e: unknown) => e)) as ApiError;
    expect(wrong.failure).toMatchObject({ code: 1001, additionalMessage: 'signature mismatch' });
    const algo = (await clientWith({ algorithm: 'hmac-sha256' }).products().catch((e: unknown) => e)) as ApiError;
    expect(algo.status).toBe(401);
  });

  it('refuses an answer that does not match the contract, naming the paths not the values', async () => {
    sim.inject({ match: /categories$/, times: 1, reply: { status: 200, body: [{ id: 'not-a-number', name: 'X' }] } });
    const err = (await clientWith().categories().catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('invalid-response');
    expect(err.issues?.[0]?.path).toBe('0.id');
    sim.inject({ match: /categories$/, times: 1, reply: { status: 200, raw: Buffer.from('<html>oops</html>'), contentType: 'text/html' } });
    expect(((await clientWith().categories().catch((e: unknown) => e)) as ApiError).kind).toBe('invalid-response');
  });

  it('has the simulator refuse unsigned requests and bodies that are not JSON', async () => {
    const url = `${sim.baseUrl}/marketplace/v1/businessconsultant/leads`;
    const unsigned = await fetch(url, { method: 'POST', body: '{"businessConsultantId":"BC1001"}', headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(401);
    const signed = authHeaders(credentials, new Date());
    const form = await fetch(url, { method: 'POST', body: 'businessConsultantId=BC1001', headers: { ...signed, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    const body = (await form.json()) as { code: number; 'additional message': string };
    expect(body.code).toBe(1012);
    expect(body['additional message']).toContain('application/json');
  });
});
