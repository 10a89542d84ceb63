import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { errorCodeOf } from '../../error-code';
import { fileExposure } from '../../config/file-exposure';
import { parseJsonText } from '../../config/json-text';
import { exposureProblem } from '../../config/machine-provisioning';
import { checkProvisioning, type ProvisioningProblem } from '../../config/provisioning-check';
import { aboutSetting } from '../../config/setting-words';
import { machineProvisioningFile } from '../../config/provisioning-path';
import type { CliContext } from '../context';
import { CliError, EXIT, printJson, say } from '../output';

/**
 * `posctl provision check [FILE]`: the machine-wide provisioning file checked as the app will
 * check it at its next start, without applying anything and without a data directory.
 * Exit 0: good; 1: problems found, each named with its key and reason; 2: the file cannot be read.
 */
export function registerProvision(program: Command, _ctx: CliContext): void {
  const provision = program.command('provision').description('the machine-wide provisioning file IT deploys to lanes');

  provision
    .command('check')
    .argument('[file]', `the file to check (default: this machine's, ${machineProvisioningFile()})`)
    .option('--json', 'print { file, ok, settings, locked, secrets, sealed, problems } as JSON')
    .description('validate a provisioning file without applying it: unknown keys, wrong values, locks, and who can read its secrets (exit 0 good, 1 problems, 2 cannot read)')
    .action((given: string | undefined, opts: { json?: boolean }) => {
      const file = given ?? machineProvisioningFile();
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (e) {
        const code = errorCodeOf(e);
        const why = code === 'ENOENT' ? 'there is no such file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'it is a folder' : code || String(e);
        throw new CliError(`cannot read ${file}: ${why}`, EXIT.ERROR);
      }
      let problems: ProvisioningProblem[];
      let summary = { settings: [] as string[], locked: [] as string[], secrets: [] as string[], sealed: [] as string[] };
      try {
        const checked = checkProvisioning(parseJsonText(text, 'the file'), { allowLock: true });
        problems = checked.problems;
        summary = { settings: checked.entries.map(([k]) => k), locked: checked.locked, secrets: checked.secrets, sealed: Object.keys(checked.sealed) };
        const exposed = exposureProblem(fileExposure(file), checked.secrets);
        if (exposed) problems.push({ key: '(file)', reason: exposed });
      } catch (e) {
        problems = [{ key: '(file)', reason: (e as Error).message }];
      }
      if (opts.json) printJson({ file, ok: problems.length === 0, ...summary, problems });
      else if (problems.length === 0) {
        say(`${file}: good`);
        say(`  ${summary.settings.length} setting(s): ${summary.settings.join(', ') || 'none'}`);
        say(`  locked: ${summary.locked.join(', ') || 'none'}`);
        if (summary.secrets.length > 0) say(`  secrets sealed and removed from the file at the app's next start: ${summary.secrets.join(', ')}`);
        if (summary.sealed.length > 0) say(`  already sealed by the app: ${summary.sealed.join(', ')}`);
      } else {
        say(`${file}: ${problems.length} problem(s)`);
        for (const p of problems) say(`  ${aboutSetting(p.key, `${p.key}: ${p.reason}`)}`);
      }
      if (problems.length > 0) throw new CliError(`${file} has ${problems.length} problem(s); the app would refuse it`, EXIT.NEGATIVE);
    });
}
