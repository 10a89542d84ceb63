import type { Command } from 'commander';
import type { DeviceList } from '../../../preload/contract';
import { SWIPE_FRAMINGS } from '../../../native/protocol/swipe-decoder';
import { nodeHidBackend } from '../../../native/transport/hid-link';
import { DeviceConfig } from '../../config/settings/devices';
import { describeCard, describeCheck, describeError } from '../../devices/describe';
import { buildDevice } from '../../devices/build-device';
import type { DeviceRuntime, DeviceSink } from '../../devices/device-runtime';
import { PinpadDevice } from '../../devices/pinpad-device';
import { createLogger } from '../../log/logger';
import type { CliContext } from '../context';
import { intArg } from '../input';
import { CliError, onStop, printJson, say, write } from '../output';
import { symbolChoice } from './parse';

function describeList(list: DeviceList): string {
  const lines: string[] = [];
  lines.push(list.devices.length === 0 ? 'No devices configured (setting devices.list).' : 'Configured devices:');
  for (const d of list.devices) lines.push(`  ${d.id.padEnd(16)} ${d.kind.padEnd(6)} ${d.transport.padEnd(7)} ${(d.address ?? '').padEnd(24)} ${d.state}${d.detail ? `: ${d.detail}` : ''}`);
  const known = list.discovered.filter((d) => d.known);
  const other = list.discovered.filter((d) => !d.known);
  lines.push(known.length === 0 ? 'No known payment device is plugged in.' : 'Payment devices plugged in:');
  for (const d of known) lines.push(`  ${d.vendor ?? '?'} ${d.model ?? ''} (${d.transport} ${d.usb ?? ''}) at ${d.path}${d.inUse ? ' [in use]' : ''}`);
  if (other.length) lines.push(`Other serial ports: ${other.map((d) => d.path + (d.usb ? ` (${d.usb})` : '')).join(', ')}`);
  for (const p of list.problems) lines.push(`Note: ${p}`);
  return lines.join('\n');
}

interface WatchOptions {
  kind: string;
  port: string;
  baud?: number;
  framing?: string;
  symbols?: string;
  count?: number;
  json?: boolean;
}

export function registerDevices(program: Command, ctx: CliContext): void {
  const devices = program.command('devices').description('card readers, check readers and PIN pads');

  devices
    .command('list')
    .option('--json', 'print JSON')
    .description('configured devices, and the payment devices and serial ports plugged into this machine')
    .action(async (opts: { json?: boolean }) => {
      const list = await ctx.withCore((core) => core.devices.list());
      if (opts.json) printJson(list);
      else say(describeList(list));
    });

  devices
    .command('watch')
    .requiredOption('--kind <kind>', 'msr (swipe reader), micr (check reader) or pinpad')
    .requiredOption('--port <path>', 'serial port, e.g. /dev/ttyUSB0 or COM3')
    .option('--baud <n>', 'baud rate (default: 9600; PIN pads 19200)', intArg('--baud', 1))
    .option('--framing <name>', `how reads are delimited: ${SWIPE_FRAMINGS.join(', ')} (default cr)`)
    .option('--symbols <name>', 'MICR symbol spelling (micr only; default auto)')
    .option('--count <n>', 'stop after this many reads', intArg('--count', 1))
    .option('--json', 'print one JSON line per read')
    .description('open a device and print every read (masked) until Ctrl+C or --count; reconnects after an unplug')
    .action(async (opts: WatchOptions) => {
      if (opts.kind === 'printer') throw new CliError('a receipt printer sends no reads to watch: print its test page from the Devices screen (Print test page), or play a printer on a port with posctl sim printer');
      const config = DeviceConfig.safeParse({
        id: 'watch',
        name: `${opts.kind} on ${opts.port}`,
        kind: opts.kind,
        transport: 'serial',
        path: opts.port,
        ...(opts.baud !== undefined ? { baud: opts.baud } : {}),
        ...(opts.framing !== undefined ? { framing: opts.framing } : {}),
        ...(opts.symbols !== undefined ? { symbols: symbolChoice(opts.symbols) } : {}),
      });
      if (!config.success) throw new CliError(config.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; '));
      await watch(config.data, opts);
    });
}

async function watch(config: DeviceConfig, opts: WatchOptions): Promise<void> {
  // The logger has the redactor built in.
  // eslint-disable-next-line no-restricted-properties
  const log = createLogger({ level: 'warn', destination: process.stderr, name: 'posctl' });
  const json = opts.json === true;
  let reads = 0;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const counted = (): void => {
    reads++;
    if (opts.count !== undefined && reads >= opts.count) finish();
  };
  const out = (value: Record<string, unknown>, words: string): void => {
    if (json) printJson(value);
    else say(words);
    counted();
  };
  let lastState = '';
  const sink: DeviceSink = {
    card: (_d, card, source) => out({ type: 'card', source, at: new Date().toISOString(), card: card.masked() }, `card   ${describeCard(card.masked())}`),
    check: (_d, check) => out({ type: 'check', at: new Date().toISOString(), check: check.masked() }, `check  ${describeCheck(check.masked())}`),
    failure: (_d, error) => {
      if (error.code === 'NOISE') return;
      out({ type: 'error', at: new Date().toISOString(), code: error.code, message: error.message }, `error  ${describeError(error)}`);
    },
    pinpadActivity: (_d, activity, extra) => write(`pinpad ${activity}${extra.prompt ? `: ${extra.prompt}` : ''}\n`, 'stderr'),
    pinpadAnswer: (_d, answer) => write(`pinpad answer: ${answer}\n`, 'stderr'),
    changed: (d) => {
      const h = d.health();
      const line = `${h.state}${h.detail ? `: ${h.detail}` : ''}`;
      if (line === lastState) return;
      lastState = line;
      write(`${line}\n`, 'stderr');
      if (h.state === 'connected' && d instanceof PinpadDevice) void askForCards(d);
    },
  };
  let asking = false;
  /** A PIN pad only sends a card when asked: keep asking while connected. */
  const askForCards = async (pad: PinpadDevice): Promise<void> => {
    if (asking) return;
    asking = true;
    try {
      while (pad.health().state === 'connected' && (opts.count === undefined || reads < opts.count)) {
        const result = await pad.readCard('Swipe Card', 60_000).catch(() => undefined);
        if (!result) break;
        if (result.status === 'cancelled' || result.status === 'timeout') out({ type: 'pinpad', at: new Date().toISOString(), status: result.status }, `pinpad ${result.status}`);
      }
    } finally {
      asking = false;
    }
  };
  const device: DeviceRuntime = buildDevice(config, { hid: nodeHidBackend(), now: () => new Date(), log, pinpad: { ackTimeoutMs: 3000, maxAttempts: 3 }, wedgeCaptureActive: () => false }, sink);
  write(`watching ${config.path ?? ''} (${config.kind}); Ctrl+C to stop\n`, 'stderr');
  const unlisten = onStop(() => finish());
  device.start();
  await finished;
  unlisten();
  await device.stop();
}
