import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { MICR_SYMBOL_NAMES, type MicrSymbolName } from '../../../native/check/micr-symbols';
import { maskPan } from '../../../native/card/mask';
import { FRAMINGS, type Framing } from '../../../native/protocol/framing';
import { SWIPE_FRAMINGS, type SwipeFraming } from '../../../native/protocol/swipe-decoder';
import { micrBytes } from '../../../native/sim/micr-sim';
import { msrSerialBytes } from '../../../native/sim/msr-sim';
import { PinpadSimulator } from '../../../native/sim/pinpad-sim';
import { PrinterSimulator } from '../../../native/sim/printer-sim';
import { SAMPLE_CARD_NAMES, SAMPLE_CARDS, SAMPLE_CHECK_NAMES, SAMPLE_CHECKS, type SampleCardName, type SampleCheckName } from '../../../native/sim/sample-cards';
import { SerialLink } from '../../../native/transport/serial-link';
import type { CliContext } from '../context';
import { intArg } from '../input';
import { CliError, onStop, say, sayError } from '../output';

interface SimOptions {
  port: string;
  baud?: number;
  card?: string;
  check?: string;
  framing?: string;
  symbols?: string;
  every?: number;
  count?: number;
  answer?: string;
  paperOut?: boolean;
}

const pick = <T extends string>(value: string | undefined, allowed: readonly T[], what: string, fallback: T): T => {
  if (value === undefined) return fallback;
  const found = allowed.find((a) => a === value);
  if (!found) throw new CliError(`unknown ${what} "${value}"; use one of ${allowed.join(', ')}`);
  return found;
};

/** A pretend card number for the simulator's console: never the sample's full number. */
function cardLabel(name: SampleCardName): string {
  const t2 = SAMPLE_CARDS[name].tracks[1];
  const pan = t2 ? /^;(\d+)=/.exec(t2)?.[1] : undefined;
  return pan ? `${name} ${maskPan(pan)}` : name;
}

export function registerSim(program: Command, _ctx: CliContext): void {
  const sim = program
    .command('sim')
    .description('play a simulated device on a serial port or pseudo-terminal (e.g. one end of a socat pair)');
  const common = (cmd: Command): Command =>
    cmd
      .requiredOption('--port <path>', 'the serial port or pty to play the device on')
      .option('--baud <n>', 'baud rate (ignored by ptys)', intArg('--baud'))
      .option('--count <n>', 'stop after this many reads', intArg('--count'));

  common(sim.command('msr'))
    .option('--card <name>', `card to swipe: ${SAMPLE_CARD_NAMES.join(', ')}`, 'visa')
    .option('--framing <name>', `${SWIPE_FRAMINGS.join(', ')}`, 'cr')
    .option('--every <ms>', 'swipe by itself every N ms (otherwise: one swipe per line on standard input, which may name a card)', intArg('--every'))
    .description('a serial swipe reader: sends the tracks of a sample card as the reader would')
    .action(async (opts: SimOptions) => {
      const framing: SwipeFraming = pick(opts.framing, SWIPE_FRAMINGS, 'framing', 'cr');
      const fallback: SampleCardName = pick(opts.card, SAMPLE_CARD_NAMES, 'card', 'visa');
      await play(opts, (line) => {
        const name: SampleCardName = line ? pick(line, SAMPLE_CARD_NAMES, 'card', fallback) : fallback;
        return { bytes: msrSerialBytes(SAMPLE_CARDS[name], framing), label: `swipe ${cardLabel(name)}` };
      });
    });

  common(sim.command('micr'))
    .option('--check <name>', `check to read: ${SAMPLE_CHECK_NAMES.join(', ')}`, 'personal')
    .option('--framing <name>', `${FRAMINGS.join(', ')}`, 'cr')
    .option('--symbols <name>', `symbol spelling: ${MICR_SYMBOL_NAMES.join(', ')}`, 'magtek0000')
    .option('--every <ms>', 'read a check by itself every N ms (otherwise: one per line on standard input, which may name a check)', intArg('--every'))
    .description('a serial MICR check reader: sends the MICR line of a sample check')
    .action(async (opts: SimOptions) => {
      const framing: Framing = pick(opts.framing, FRAMINGS, 'framing', 'cr');
      const symbols: MicrSymbolName = pick(opts.symbols, MICR_SYMBOL_NAMES, 'symbol map', 'magtek0000');
      const fallback: SampleCheckName = pick(opts.check, SAMPLE_CHECK_NAMES, 'check', 'personal');
      await play(opts, (line) => {
        const name: SampleCheckName = line ? pick(line, SAMPLE_CHECK_NAMES, 'check', fallback) : fallback;
        return { bytes: micrBytes(SAMPLE_CHECKS[name], { framing, symbols }), label: `check ${name}` };
      });
    });

  common(sim.command('pinpad'))
    .option('--card <name>', `card the customer swipes on the pad: ${SAMPLE_CARD_NAMES.join(', ')}`, 'visa')
    .option('--answer <key>', 'the customer\'s answer to yes/no questions: Y or N', 'Y')
    .description('a PIN pad (RBA framing, ACK/NAK): answers status, shows amounts, and swipes a card when asked')
    .action(async (opts: SimOptions) => {
      const card: SampleCardName = pick(opts.card, SAMPLE_CARD_NAMES, 'card', 'visa');
      const answer = pick(opts.answer?.toUpperCase(), ['Y', 'N'] as const, 'answer', 'Y');
      await playPinpad(opts, card, answer);
    });

  common(sim.command('printer'))
    .option('--paper-out', 'answer status requests as a printer out of paper (and print nothing)')
    .description('an ESC/POS receipt printer: prints each receipt it is sent as text, with any command it does not know, and answers status requests')
    .action(async (opts: SimOptions) => {
      await playPrinter(opts);
    });
}

async function playPrinter(opts: SimOptions): Promise<void> {
  const { link, stopped, stop } = await openPort(opts);
  const printer = new PrinterSimulator((bytes) => link.write(bytes));
  if (opts.paperOut) printer.condition = { ...printer.condition, paperOut: true };
  link.on('data', (chunk) => printer.receive(chunk));
  link.on('status', (s) => {
    if (s.state !== 'connected') printer.reset();
  });
  let receipts = 0;
  printer.on('printed', (p) => {
    receipts++;
    say(`--- receipt ${receipts} (cut) ---`);
    for (const line of p.lines) say(line.text);
    for (const e of p.errors) sayError(`fault: ${e}`);
    if (opts.count !== undefined && receipts >= opts.count) stop();
  });
  await stopped;
  await link.close();
}

/** Opens the port (reopening it if the other end goes away) and resolves when stopped. */
async function openPort(opts: SimOptions): Promise<{ link: SerialLink; stopped: Promise<void>; stop: () => void }> {
  const link = new SerialLink({ path: opts.port, baudRate: opts.baud ?? 9600 });
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let last = '';
  link.on('status', (s) => {
    const line = s.state === 'connected' ? `ready on ${opts.port}` : `${s.state}: ${s.detail}`;
    if (line === last) return;
    last = line;
    say(line);
  });
  onStop(() => stop());
  link.open();
  return { link, stopped, stop };
}

/** Resolves true once the link is connected, false if the simulator is stopped first. */
function connected(link: SerialLink, stopped: Promise<void>): Promise<boolean> {
  if (link.status.state === 'connected') return Promise.resolve(true);
  return new Promise((resolve) => {
    const onStatus = (s: { state: string }): void => {
      if (s.state !== 'connected') return;
      link.off('status', onStatus);
      resolve(true);
    };
    link.on('status', onStatus);
    void stopped.then(() => {
      link.off('status', onStatus);
      resolve(false);
    });
  });
}

async function play(opts: SimOptions, next: (line: string) => { bytes: Buffer; label: string }): Promise<void> {
  const { link, stopped, stop } = await openPort(opts);
  let sent = 0;
  let queue = Promise.resolve();
  const send = (line: string): void => {
    queue = queue.then(async () => {
      let item: { bytes: Buffer; label: string };
      try {
        item = next(line.trim());
      } catch (e) {
        sayError(`posctl: ${(e as Error).message}`);
        return;
      }
      // Lines piped in arrive before the port is open: each waits for the link, not lost.
      if (!(await connected(link, stopped))) return;
      await link.write(item.bytes).then(
        () => {
          sent++;
          say(`sent ${sent}: ${item.label}`);
          if (opts.count !== undefined && sent >= opts.count) stop();
        },
        (e: unknown) => sayError(`posctl: not sent (${(e as Error).message})`),
      );
    });
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  let rl: ReturnType<typeof createInterface> | undefined;
  if (opts.every !== undefined) {
    timer = setInterval(() => {
      if (link.status.state === 'connected') send('');
    }, Math.max(10, opts.every));
  } else {
    rl = createInterface({ input: process.stdin });
    rl.on('line', send);
    rl.on('close', () => void queue.then(stop));
  }
  await stopped;
  clearInterval(timer);
  rl?.close();
  await queue;
  await link.close();
}

async function playPinpad(opts: SimOptions, card: SampleCardName, answer: 'Y' | 'N'): Promise<void> {
  const { link, stopped, stop } = await openPort({ ...opts, baud: opts.baud ?? 19200 });
  const pad = new PinpadSimulator((bytes) => link.write(bytes), { card: SAMPLE_CARDS[card], answer });
  link.on('data', (chunk) => pad.receive(chunk));
  let cards = 0;
  pad.on('received', (frame) => say(`<- ${frame.id}.${frame.id === '23' || frame.id === '24' || frame.id === '13' ? frame.data.replace(/[^\x20-\x7e]/g, '|') : ''}`));
  pad.on('sent', (frame) => {
    // Never print the tracks of the card reply: only what kind of answer it was.
    const what = frame.id === '23' ? (frame.data.startsWith('0') ? `card ${cardLabel(card)}` : `status ${frame.data.charAt(0)}`) : frame.data;
    say(`-> ${frame.id}. ${what}`);
    if (frame.id === '23') {
      cards++;
      if (opts.count !== undefined && cards >= opts.count) setTimeout(stop, 200);
    }
  });
  await stopped;
  pad.close();
  await link.close();
}
