import { CliError } from './output';

/** All of standard input, without its final line break (a secret, a swipe, a JSON file). */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/** A whole number given on the command line, at least `min`. */
export function intArg(name: string, min = 0): (text: string) => number {
  return (text) => {
    const n = /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : NaN;
    if (!(n >= min)) throw new CliError(`${name} must be a whole number${min > 0 ? ` of at least ${min}` : ''}, not "${text}"`);
    return n;
  };
}
