import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const define = { __APP_VERSION__: JSON.stringify(pkg.version) };

// Four projects: unit (pure modules, vectors, properties), component (the renderer's screens in
// happy-dom), integration (real SQLite files, real
// PTYs, real HTTP on 127.0.0.1, child processes) and e2e (the built headless app in Chromium).
export default defineConfig({
  define,
  test: {
    pool: 'forks',
    // Tests (and the processes they start) keep the terminal key in a file, never in the
    // developer's own keyring; test/integration/store/keyring.test.ts runs a real Secret Service.
    // Nor under /etc: a machine-wide lane's key goes to a machine key folder only where one was made
    // (test/integration/store/machine-key*.test.ts make their own and name it).
    env: { POS_KEY_PROTECTION: 'file', POS_MACHINE_KEY_DIR: '/nonexistent/counter-pos-machine-keys' },
    projects: [
      { define, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], testTimeout: 10_000 } },
      // The renderer's screens in happy-dom with Testing Library: each state of a screen, no browser.
      { define, esbuild: { jsx: 'automatic' }, test: { name: 'component', include: ['test/component/**/*.test.tsx'], environment: 'happy-dom', testTimeout: 10_000 } },
      { define, test: { name: 'integration', include: ['test/integration/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000 } },
      {
        define,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One browser at a time: two cores, and each test starts its own app and Chromium.
          fileParallelism: false,
        },
      },
    ],
  },
});
