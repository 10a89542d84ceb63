import type { Command } from 'commander';
import type { AppStatus } from '../../../preload/contract';
import type { CliContext } from '../context';
import { printJson } from '../output';

export function describeStatus(s: AppStatus, dataDir: string): string {
  const devices = s.devices.length === 0 ? 'none configured' : s.devices.map((d) => `${d.name} (${d.kind}): ${d.state}${d.detail ? `, ${d.detail}` : ''}`).join('\n          ');
  return [
    `${s.terminal.name}: ${s.mode === 'training' ? 'TRAINING mode (no live gateway credentials configured)' : 'LIVE mode'}`,
    `Version   ${s.version}`,
    `Gateway   ${s.gateway.state}`,
    `Devices   ${devices}`,
    `Queue     ${s.queue.pending} offline payment(s) waiting to be forwarded`,
    `Data      ${dataDir}`,
  ].join('\n');
}

export function registerStatus(program: Command, ctx: CliContext): void {
  program
    .command('status')
    .description('show the terminal status (the same object as the app.status call)')
    .option('--json', 'print the status as one JSON object')
    .action(async (opts: { json?: boolean }) => {
      const status = await ctx.withCore((core) => core.status.current());
      if (opts.json) printJson(status);
      else console.log(describeStatus(status, ctx.dataDir()));
    });
}
