// The deb's maintainer scripts. electron-builder has its own after-install and after-remove
// templates (the /usr/bin link, chrome-sandbox, desktop and MIME databases, AppArmor) and uses a
// configured script instead of its template, not after it. So this composes each: the template of
// the installed electron-builder first, then ours (build/deb/*.sh, without its first line), into
// .cache/deb-scripts/, where electron-builder.yml points deb.afterInstall and deb.afterRemove.
// electron-builder then fills in its ${…} names in both parts. The pre-remove script (the queue
// guard) has no template of electron-builder's: fpm takes build/deb/before-remove.sh as it is.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const COMPOSED_DIR = join('.cache', 'deb-scripts');

/** @param {string} template @param {string} ours @param {string} source */
export function composeScript(template, ours, source) {
  const body = ours.replace(/^#!.*\n/, '');
  return `${template.trimEnd()}\n\n# ---- Counter POS (${source}) ----\n${body}`;
}

/**
 * Writes the composed scripts under root and returns their paths.
 * @param {string} root
 * @returns {{ afterInstall: string, afterRemove: string }}
 */
export function composeDebScripts(root) {
  const require = createRequire(join(root, 'package.json'));
  const templates = join(dirname(require.resolve('app-builder-lib/package.json')), 'templates', 'linux');
  const out = join(root, COMPOSED_DIR);
  mkdirSync(out, { recursive: true });
  /** @type {Record<string, string>} */
  const written = {};
  for (const [key, name] of [['afterInstall', 'after-install'], ['afterRemove', 'after-remove']]) {
    const file = join(out, `${name}.tpl`);
    const source = `build/deb/${name}.sh`;
    writeFileSync(file, composeScript(readFileSync(join(templates, `${name}.tpl`), 'utf8'), readFileSync(join(root, source), 'utf8'), source), { mode: 0o755 });
    written[/** @type {string} */ (key)] = file;
  }
  return { afterInstall: written.afterInstall ?? '', afterRemove: written.afterRemove ?? '' };
}
