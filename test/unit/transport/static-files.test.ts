import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, readStaticFile } from '../../../main/transport/static-files';

function site(): string {
  const root = mkdtempSync(join(tmpdir(), 'pos-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<html></html>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, '..', `${root.split('/').pop()}-secret.txt`), 'secret');
  return root;
}

describe('static files of the renderer', () => {
  it('serves files with their type and falls back to index.html for screen paths', async () => {
    const root = site();
    expect(await readStaticFile(root, '/')).toMatchObject({ contentType: 'text/html; charset=utf-8', isDocument: true });
    expect(await readStaticFile(root, '/assets/app.js?v=1')).toMatchObject({ contentType: 'text/javascript; charset=utf-8', isDocument: false });
    expect(await readStaticFile(root, '/catalogue')).toMatchObject({ isDocument: true });
    expect(await readStaticFile(root, '/assets/missing.js')).toBeUndefined();
  });

  it('refuses anything outside its folder, however encoded', async () => {
    const root = site();
    const name = `${root.split('/').pop()}-secret.txt`;
    for (const path of [`/../${name}`, `/..%2F${name}`, `/%2e%2e/${name}`, `/assets/../../${name}`, '/%00', '/%E0%A4%A']) {
      expect(await readStaticFile(root, path), path).toBeUndefined();
    }
    // Escapes without an extension resolve inside the root and get the document, never the outside file.
    for (const path of ['/assets/../../etc/passwd', '/..%2F..%2Fetc%2Fpasswd']) {
      const file = await readStaticFile(root, path);
      expect(file?.body.toString(), path).toBe('<html></html>');
    }
  });

  it('builds a CSP without inline code or remote sources', () => {
    const csp = contentSecurityPolicy('ws://127.0.0.1:4780');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('connect-src ws://127.0.0.1:4780');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe|https?:/);
  });
});
