import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, readStaticFile } from '../../../main/transport/static-files';

const made: string[] = [];

function site(): string {
  const root = mkdtempSync(join(tmpdir(), 'pos-static-'));
  made.push(root, `${root}-secret.txt`, `${root}-data`);
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<html></html>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, '..', `${root.split('/').pop()}-secret.txt`), 'secret');
  return root;
}

describe('static files of the renderer', () => {
  afterEach(() => {
    for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true });
  });

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

  it('refuses a symbolic link inside the root that leads outside it', async () => {
    const root = site();
    mkdirSync(`${root}-data`);
    writeFileSync(join(`${root}-data`, 'pos.log'), 'log of the terminal');
    symlinkSync('/etc/passwd', join(root, 'passwd.txt'));
    symlinkSync(`${root}-secret.txt`, join(root, 'assets', 'secret.js'));
    symlinkSync(`${root}-data`, join(root, 'data'));
    for (const path of ['/passwd.txt', '/assets/secret.js', '/data/pos.log']) {
      expect(await readStaticFile(root, path), path).toBeUndefined();
    }
  });

  it('refuses an index.html that is a link leading outside the root, also as the screen fallback', async () => {
    const root = site();
    rmSync(join(root, 'index.html'));
    symlinkSync(`${root}-secret.txt`, join(root, 'index.html'));
    expect(await readStaticFile(root, '/')).toBeUndefined();
    expect(await readStaticFile(root, '/catalogue')).toBeUndefined();
  });

  it('serves a symbolic link that stays inside the root, under the type of the name asked for', async () => {
    const root = site();
    symlinkSync(join(root, 'assets', 'app.js'), join(root, 'app-latest.js'));
    symlinkSync('assets', join(root, 'static'));
    expect((await readStaticFile(root, '/app-latest.js'))?.body.toString()).toBe('console.log(1)');
    expect(await readStaticFile(root, '/static/app.js')).toMatchObject({ contentType: 'text/javascript; charset=utf-8' });
  });

  it('serves from a root that is itself a link', async () => {
    const root = site();
    const alias = `${root}-alias`;
    made.push(alias);
    symlinkSync(root, alias);
    expect((await readStaticFile(alias, '/assets/app.js'))?.body.toString()).toBe('console.log(1)');
    expect(await readStaticFile(alias, '/')).toMatchObject({ isDocument: true });
  });

  it('follows a root link pointed at a new build after a first request', async () => {
    const first = site();
    const second = site();
    const alias = `${first}-current`;
    made.push(alias);
    writeFileSync(join(second, 'assets', 'app.js'), 'console.log(2)');
    symlinkSync(first, alias);
    expect((await readStaticFile(alias, '/assets/app.js'))?.body.toString()).toBe('console.log(1)');
    rmSync(alias);
    symlinkSync(second, alias);
    expect((await readStaticFile(alias, '/assets/app.js'))?.body.toString()).toBe('console.log(2)');
  });

  it('builds a CSP without inline code or remote sources', () => {
    const csp = contentSecurityPolicy('ws://127.0.0.1:4780');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('connect-src ws://127.0.0.1:4780');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe|https?:/);
  });
});
