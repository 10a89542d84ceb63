// ESLint flat config: typescript-eslint with type information, plus rules that keep the
// architecture honest (the core never imports electron; the renderer never imports Node).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = [
  'fs', 'node:fs', 'fs/promises', 'node:fs/promises', 'path', 'node:path', 'child_process',
  'node:child_process', 'crypto', 'node:crypto', 'os', 'node:os', 'net', 'node:net', 'http', 'node:http',
];

const rendererPaths = [{ name: 'electron', message: 'The renderer reaches the terminal only through the contract.' },
  ...nodeBuiltins.map((name) => ({ name, message: 'The renderer is sandboxed: no Node modules.' }))];

const noElectron = { name: 'electron', message: 'Only main/electron/ may import electron.' };

/** A layer rule: `files` may not import what `regex` matches (electron stays refused there too). */
const layer = (files, regex, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [{ regex, message }] }] },
});

export default tseslint.config(
  { ignores: ['dist/**', 'dist.next-*/**', 'dist.old-*/**', 'release/**', 'node_modules/**', 'test-results/**', 'coverage/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.js', 'bin/*.js', 'scripts/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // An async function without await is how a synchronous step satisfies an async interface.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // The core must run without an Electron binary: only the shell may import electron.
    files: ['main/**/*.ts', 'native/**/*.ts'],
    ignores: ['main/electron/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron] }],
    },
  },
  // The layers (../shared/ARCHITECTURE.md): storage, the gateway client and HTTP never reach up into
  // payments, configuration or the composition; devices never into payments. A port names what a
  // lower layer needs (gateway/settings-port.ts, http's ApiSettings) and the composition fills it.
  layer(['main/store/**/*.ts', 'main/gateway/**/*.ts', 'main/http/**/*.ts'], '^(\\.\\./)+(payments|config|core|stores|key-reset)(/|$)',
    'store/, gateway/ and http/ may not import payments/, config/ or the composition: take a port (see gateway/settings-port.ts).'),
  layer(['main/devices/**/*.ts'], '^(\\.\\./)+payments(/|$)', 'devices/ may not import payments/: payments name what they need in payments/ports.ts.'),
  {
    // posctl prints only through cli/output.ts, which passes everything through the redactor.
    files: ['main/cli/**/*.ts'],
    ignores: ['main/cli/output.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-properties': ['error',
        { object: 'process', property: 'stdout', message: 'Print with say()/write()/printJson() from cli/output.ts (they redact card data).' },
        { object: 'process', property: 'stderr', message: 'Print with sayError()/write(…, "stderr") from cli/output.ts (they redact card data).' }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: rendererPaths }],
    },
  },
  {
    // Messages are data: i18n/ never reaches back into the screens that use them.
    files: ['renderer/src/i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: rendererPaths,
        patterns: [{ regex: '^(\\.\\./)+(screens|app|components)(/|$)', message: 'renderer/src/i18n may not import screens, app or components: the messages live in i18n/messages/.' }],
      }],
    },
  },
  {
    // Words on screen are English and French: they go through t() (renderer/src/i18n), never as
    // literals in JSX, in the attributes people hear or read, or as toLocaleString('en-US').
    files: ['renderer/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: 'JSXText[value=/[A-Za-zÀ-ÿ]{2,}/]', message: 'Words on screen go through t() from renderer/src/i18n (English and French).' },
        { selector: 'JSXAttribute[name.name=/^(aria-label|aria-description|title|placeholder|alt)$/] > Literal[value=/[A-Za-z]{2,}/]', message: 'An accessible name or hint goes through t() (English and French).' },
        { selector: 'JSXExpressionContainer > Literal[value=/[A-Za-z]{3,}/]', message: 'Words on screen go through t() from renderer/src/i18n (English and French).' },
        { selector: "CallExpression[callee.property.name='toLocaleString'] > Literal[value=/^[a-z]{2}-[A-Z]{2}$/]", message: 'Numbers and dates follow the language on screen: money(), dateTime() or currentLocale().' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // posctl's bin is CommonJS (bin/package.json): Node starts it sooner than an ES module.
    files: ['bin/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
