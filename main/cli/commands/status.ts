import type { Command } from 'commander';
import type { AppStatus, StatusProblem } from '../../../preload/contract';
import { runningInstance, type InstanceInfo } from '../../store/instance-lock';
import { StartupError } from '../../store/open-store';
import { problem } from '../../status/problems';
import { gatewayWords, modeWords, problemLine, queueWords } from '../../status/words';
import type { CliContext } from '../context';
import { CliError, printJson, say } from '../output';

/** Whose status is shown: the running app's (it holds the devices) or this command's own. */
export type StatusView =
  | { source: 'app'; host: InstanceInfo['host']; pid: number; updatedAt: string | undefined }
  | { source: 'posctl'; appRunning: boolean };

function describeView(view: StatusView, now: Date): string {
  if (view.source === 'posctl') {
    return view.appRunning
      ? "this command's own (the app is running but has not published its status; it holds the devices)"
      : "this command's own: the app is not running here, so no device is open";
  }
  const who = view.host === 'electron' ? 'desktop app' : 'headless start';
  const age = view.updatedAt ? `, reported ${Math.max(0, Math.round((now.getTime() - Date.parse(view.updatedAt)) / 1000))} s ago` : '';
  return `the running ${who}'s (pid ${view.pid}${age}); it holds the devices`;
}

export function describeStatus(s: AppStatus, dataDir: string, view?: StatusView, own: readonly StatusProblem[] = [], now = new Date()): string {
  const devices = s.devices.length === 0 ? 'none configured' : s.devices.map((d) => `${d.name} (${d.kind}): ${d.state}${d.detail ? `, ${d.detail}` : ''}`).join('\n          ');
  const lines = [
    `${s.terminal.name}: ${modeWords(s.mode)}`,
    `Version   ${s.version}`,
    `Gateway   ${gatewayWords(s.gateway, now)}`,
    `Devices   ${devices}`,
    `Queue     ${queueWords(s)}`,
    `Problems  ${s.problems.length === 0 ? 'none' : s.problems.map(problemLine).join('\n          ')}`,
    `Data      ${dataDir}`,
  ];
  if (view) lines.push(`View      ${describeView(view, now)}`);
  const mine = own.filter((p) => !s.problems.some((q) => q.code === p.code));
  if (mine.length > 0) lines.push(`Here      ${mine.map(problemLine).join('\n          ')}`);
  return lines.join('\n');
}

export function registerStatus(program: Command, ctx: CliContext): void {
  program
    .command('status')
    .description("show the terminal status (the running app's view when it runs; --json: the app.status object)")
    .option('--json', 'print the status as one JSON object (the app.status object, with `view` saying whose it is)')
    .action(async (opts: { json?: boolean }) => {
      const dataDir = ctx.dataDir();
      let own: AppStatus;
      try {
        own = await ctx.withCore((core) => core.status.current());
      } catch (e) {
        if (!(e instanceof StartupError)) throw e;
        const cannot: StatusProblem = problem('cannot-start', 'error', e.message);
        if (opts.json) printJson({ problems: [cannot], view: { source: 'posctl', appRunning: false } });
        else say(`Counter POS cannot start on ${dataDir}:\n  ${e.message}`);
        throw new CliError('the terminal cannot start (see above)');
      }
      const running = runningInstance(dataDir);
      const app = running.running ? running.info : undefined;
      const shown = app?.status ?? own;
      const view: StatusView = app?.status
        ? { source: 'app', host: app.host, pid: app.pid, updatedAt: app.updatedAt }
        : { source: 'posctl', appRunning: running.running };
      if (opts.json) printJson({ ...shown, view, ...(app?.status ? { here: { problems: own.problems } } : {}) });
      else say(describeStatus(shown, dataDir, view, app?.status ? own.problems : []));
    });
}
