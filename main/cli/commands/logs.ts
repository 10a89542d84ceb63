import { existsSync, readFileSync } from 'node:fs';
import { arch, release } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { MACHINE_RECORD } from '../../config/machine-provisioning';
import { machineProvisioningFile } from '../../config/provisioning-path';
import { bundleFiles, zipBundle } from '../../diagnostics/support-bundle';
import { rotatedLogFiles } from '../../log/log-file';
import { runningInstance } from '../../store/instance-lock';
import { APP_VERSION } from '../../version';
import type { CliContext } from '../context';
import { CliError, printJson, say } from '../output';
import { writeOwnerOnly } from '../owner-only-file';

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** `counter-pos-support-20260131-142501.zip`: sorts by time, no characters a file system refuses. */
function defaultName(now: Date): string {
  return `counter-pos-support-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.zip`;
}

export function registerLogs(program: Command, ctx: CliContext): void {
  const logs = program.command('logs').description("the terminal's log files, and a bundle of them for support");

  logs
    .command('bundle')
    .option('--out <file>', 'where to write the zip (default: counter-pos-support-<time>.zip in the current folder)')
    .option('--force', 'replace the file if it exists')
    .option('--json', 'print { file, bytes, files } as JSON')
    .description('zip recent logs, settings (secrets only as set or not), status, versions and devices for support; no card data or secret goes in')
    .action(async (opts: { out?: string; force?: boolean; json?: boolean }) => {
      const now = new Date();
      const out = resolve(opts.out ?? defaultName(now));
      if (existsSync(out) && !opts.force) throw new CliError(`${out} exists; give another --out, or --force to replace it`);
      const dataDir = ctx.dataDir();
      const files = await ctx.withCore(async (core) => {
        const own = core.status.current();
        const running = runningInstance(dataDir);
        const app = running.running ? running.info : undefined;
        const logFile = join(dataDir, 'logs', 'pos.log');
        return bundleFiles({
          logFiles: [logFile, ...rotatedLogFiles(logFile)],
          settings: core.settings.describe(),
          status: app?.status ? { ...app.status, view: { source: 'app', host: app.host, pid: app.pid, updatedAt: app.updatedAt } } : { ...own, view: { source: 'posctl', appRunning: running.running } },
          versions: {
            app: APP_VERSION,
            runningApp: app?.version ?? null,
            runtime: process.versions,
            os: { platform: process.platform, release: release(), arch: arch() },
            terminalSchema: core.db.pragma('user_version', { simple: true }),
            dataDir,
            provisioningFile: machineProvisioningFile(),
            mode: core.mode(),
          },
          devices: await core.devices.list(),
          provisioning: Object.fromEntries(
            [MACHINE_RECORD, 'provision.applied.json'].flatMap((name) => {
              const record = readJson(join(dataDir, name));
              return record === undefined ? [] : [[name, record]];
            }),
          ),
          now,
        });
      });
      const zip = zipBundle(files, now);
      // Readable by its owner only: it names the lane, its devices and its settings.
      writeOwnerOnly(out, zip, opts.force === true);
      if (opts.json) printJson({ file: out, bytes: zip.byteLength, files: Object.keys(files) });
      else say(`wrote ${out} (${Math.ceil(zip.byteLength / 1024)} KiB): ${Object.keys(files).join(', ')}`);
    });
}
