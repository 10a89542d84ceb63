/** Escaping for the XML the client writes. Characters XML 1.0 cannot carry at all are refused, not dropped. */

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ATTR_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;' };

// eslint-disable-next-line no-control-regex
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export function hasNonXmlChar(value: string): boolean {
  return NOT_XML_CHAR.test(value);
}

export function xmlText(value: string): string {
  // \r would be normalised to \n by any parser: keep it as a character reference.
  return value.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c] ?? c).replace(/\r/g, '&#13;');
}

export function xmlAttr(value: string): string {
  return value.replace(/[&<>"]/g, (c) => ATTR_ESCAPES[c] ?? c);
}
