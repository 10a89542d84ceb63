/** The `code` of a thrown error (Node's `E…`, SQLite's `SQLITE_…`), or '' when it has none. */
export function errorCodeOf(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}
