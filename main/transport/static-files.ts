import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
  /** index.html must never be cached: it names the hashed assets of this build. */
  isDocument: boolean;
}

/** The real path of each root served, found once: it is asked on every request. */
const realRoots = new Map<string, Promise<string>>();

function isWithin(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * Whether a file's real path lies under the real root. A miss asks for the root's real path again
 * before refusing, in case the root is a link that now points elsewhere (a cached answer must not
 * lock out a rebuilt renderer); refusals are rare, so the hot path keeps one lookup per file.
 */
async function insideRealRoot(root: string, realFile: string): Promise<boolean> {
  let known = realRoots.get(root);
  if (known && isWithin(await known, realFile)) return true;
  known = realpath(root);
  realRoots.set(root, known);
  void known.catch(() => realRoots.delete(root));
  return isWithin(await known, realFile);
}

/**
 * Resolves a URL path to a file of the built renderer, refusing anything outside its folder.
 * Paths without an extension fall back to index.html (client-side screens).
 * Symbolic links are followed only while they stay inside the root's real folder: a link to a
 * sibling asset is served, a link to /etc/passwd or to the data directory answers nothing.
 * Shared by the headless HTTP server and the Electron `app://` protocol.
 */
export async function readStaticFile(rootDir: string, urlPath: string): Promise<StaticFile | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]?.split('#')[0] ?? '/');
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const root = resolve(rootDir);
  const wanted = decoded === '/' || decoded === '' ? '/index.html' : decoded;
  const file = resolve(join(root, normalize(wanted)));
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  const candidates = extname(file) === '' ? [join(root, 'index.html')] : [file];
  for (const candidate of candidates) {
    try {
      // The lexical check above cannot see links: the file's real path decides.
      const real = await realpath(candidate);
      if (!(await insideRealRoot(root, real))) return undefined;
      if (!(await stat(real)).isFile()) continue;
      const ext = extname(candidate);
      return { body: await readFile(real), contentType: TYPES[ext] ?? 'application/octet-stream', isDocument: ext === '.html' };
    } catch {
      /* not there: try the next candidate */
    }
  }
  return undefined;
}

/** The renderer's content security policy; `connect` lists where it may open connections. */
export function contentSecurityPolicy(connect: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=()',
};
