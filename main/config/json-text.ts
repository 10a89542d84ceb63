/**
 * JSON.parse for text that may hold secrets (provisioning files, gateway requests, leads): its
 * error names what failed but never quotes the text, as Node's own message does around the fault
 * (`..."ter2","x":bad}" is not valid JSON` may be the end of a password).
 */
export function parseJsonText(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SyntaxError(`${what} is not valid JSON (check its quotes, commas and brackets)`);
  }
}
