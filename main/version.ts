declare const __APP_VERSION__: string | undefined;

/** Set at build time from package.json (esbuild `define`, Vitest `define`). */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0-dev';
