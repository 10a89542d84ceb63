import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';

/**
 * Who besides its owner can read or change a file (the machine-wide provisioning file may hold
 * passwords until the app seals them, and it steers where payments go).
 * - POSIX: the mode bits for "others" (every account of the machine). The group is the lane's
 *   own (the accounts that run the app must read the file), so group bits are allowed.
 * - Windows: the file's access list (its SDDL, from PowerShell's Get-Acl): an allow entry that
 *   gives read or write to Everyone, Users, Authenticated Users or Interactive counts as others.
 *   When the access list cannot be read, the answer is unknown, and a file with secrets is refused.
 */
export type Exposure =
  | { known: true; othersRead: boolean; othersWrite: boolean }
  | { known: false; why: string };

export function posixExposure(mode: number): Exposure {
  return { known: true, othersRead: (mode & 0o004) !== 0, othersWrite: (mode & 0o002) !== 0 };
}

/** Well-known SIDs (and their SDDL aliases) that stand for "any user of this machine". */
const EVERYONE = new Set(['WD', 'S-1-1-0', 'BU', 'S-1-5-32-545', 'AU', 'S-1-5-11', 'IU', 'S-1-5-4']);
/** SDDL right names that include reading a file's data (FILE_READ_DATA is the CC bit on files). */
const READ_NAMES = new Set(['GA', 'GR', 'FA', 'FR', 'CC']);
/** … and changing it (FILE_WRITE_DATA and FILE_APPEND_DATA are DC and LC on files; WD and WO change who may). */
const WRITE_NAMES = new Set(['GA', 'GW', 'FA', 'FW', 'DC', 'LC', 'WD', 'WO']);
const FILE_READ_DATA = 0x1;
const FILE_WRITE_DATA = 0x2;
const FILE_APPEND_DATA = 0x4;
const WRITE_DAC = 0x40000;
const WRITE_OWNER = 0x80000;
const GENERIC_ALL = 0x10000000;
const GENERIC_WRITE = 0x40000000;
const GENERIC_READ = 0x80000000;

function rightsOf(text: string): { read: boolean; write: boolean } {
  if (/^0x[0-9a-f]+$/i.test(text)) {
    const mask = Number.parseInt(text.slice(2), 16);
    return {
      read: (mask & (FILE_READ_DATA | GENERIC_READ | GENERIC_ALL)) !== 0,
      write: (mask & (FILE_WRITE_DATA | FILE_APPEND_DATA | WRITE_DAC | WRITE_OWNER | GENERIC_WRITE | GENERIC_ALL)) !== 0,
    };
  }
  const names = text.match(/[A-Z]{2}/g) ?? [];
  return { read: names.some((n) => READ_NAMES.has(n)), write: names.some((n) => WRITE_NAMES.has(n)) };
}

/** Reads the DACL part of an SDDL string: `D:P(A;;FA;;;SY)(A;ID;0x1200a9;;;BU)…`. */
export function sddlExposure(sddl: string): Exposure {
  const dacl = /D:[A-Z]*((?:\([^)]*\))*)/.exec(sddl);
  if (!dacl) return { known: false, why: 'the file has no access list that could be read' };
  let othersRead = false;
  let othersWrite = false;
  for (const ace of (dacl[1] ?? '').match(/\(([^)]*)\)/g) ?? []) {
    const [type = '', flags = '', rights = '', , , sid = ''] = ace.slice(1, -1).split(';');
    // Allow entries only; inherit-only (IO) entries apply to children, not to this file.
    if (type !== 'A' || flags.includes('IO') || !EVERYONE.has(sid.toUpperCase())) continue;
    const r = rightsOf(rights);
    othersRead ||= r.read;
    othersWrite ||= r.write;
  }
  return { known: true, othersRead, othersWrite };
}

/** The exposure of a file on this machine (a process on Windows: PowerShell, once per start). */
export function fileExposure(file: string, platform: NodeJS.Platform = process.platform): Exposure {
  if (platform !== 'win32') return posixExposure(statSync(file).mode);
  try {
    // The path goes through the environment, so no quoting of it can change the command.
    const sddl = execFileSync('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', '(Get-Acl -LiteralPath $env:POS_ACL_FILE).Sddl'], {
      env: { ...process.env, POS_ACL_FILE: file },
      encoding: 'utf8',
      timeout: 20_000,
      windowsHide: true,
    });
    return sddlExposure(sddl.trim());
  } catch (e) {
    return { known: false, why: `its access list could not be read (${e instanceof Error ? e.message.split('\n')[0] : String(e)})` };
  }
}
