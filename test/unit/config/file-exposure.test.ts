import { describe, expect, it } from 'vitest';
import { posixExposure, sddlExposure } from '../../../main/config/file-exposure';
import { exposureProblem } from '../../../main/config/machine-provisioning';

describe('posixExposure', () => {
  it('reads the bits of other accounts, and lets the lane\'s group read', () => {
    expect(posixExposure(0o100600)).toEqual({ known: true, othersRead: false, othersWrite: false });
    expect(posixExposure(0o100640)).toEqual({ known: true, othersRead: false, othersWrite: false });
    expect(posixExposure(0o100644)).toEqual({ known: true, othersRead: true, othersWrite: false });
    expect(posixExposure(0o100666)).toEqual({ known: true, othersRead: true, othersWrite: true });
    expect(posixExposure(0o100602)).toEqual({ known: true, othersRead: false, othersWrite: true });
  });
});

describe('sddlExposure', () => {
  it('finds Users reading through the access list ProgramData passes down', () => {
    // What Get-Acl shows for a new file under %ProgramData%: SYSTEM and Administrators full, Users read & execute.
    const inherited = 'O:BAG:SYD:AI(A;ID;FA;;;SY)(A;ID;FA;;;BA)(A;ID;0x1200a9;;;BU)';
    expect(sddlExposure(inherited)).toEqual({ known: true, othersRead: true, othersWrite: false });
  });

  it('accepts a file only administrators and the lane\'s own group can use', () => {
    const locked = 'O:BAG:SYD:PAI(A;;FA;;;SY)(A;;FA;;;BA)(A;;0x1301bf;;;S-1-5-21-1004336348-1177238915-682003330-1013)';
    expect(sddlExposure(locked)).toEqual({ known: true, othersRead: false, othersWrite: false });
  });

  it('sees write for everyone, generic rights, and SIDs written out', () => {
    expect(sddlExposure('D:(A;;FA;;;WD)')).toEqual({ known: true, othersRead: true, othersWrite: true });
    expect(sddlExposure('D:(A;;GR;;;AU)')).toEqual({ known: true, othersRead: true, othersWrite: false });
    expect(sddlExposure('D:(A;;0x80000000;;;S-1-5-32-545)')).toEqual({ known: true, othersRead: true, othersWrite: false });
    expect(sddlExposure('D:(A;;0x40000;;;IU)')).toEqual({ known: true, othersRead: false, othersWrite: true });
  });

  it('ignores deny entries and entries that only pass down to children', () => {
    expect(sddlExposure('D:(D;;FA;;;BU)(A;;FA;;;SY)')).toEqual({ known: true, othersRead: false, othersWrite: false });
    expect(sddlExposure('D:(A;OICIIO;FA;;;BU)(A;;FA;;;BA)')).toEqual({ known: true, othersRead: false, othersWrite: false });
  });

  it('says it cannot tell when there is no access list', () => {
    expect(sddlExposure('O:BAG:SY')).toMatchObject({ known: false });
  });
});

describe('exposureProblem', () => {
  const safe = { known: true, othersRead: false, othersWrite: false } as const;
  it('refuses a file anyone can change, with or without secrets', () => {
    expect(exposureProblem({ ...safe, othersWrite: true }, [])).toMatch(/every user of this machine can change it/);
  });

  it('refuses secrets others can read, or whose readers are unknown, and names them', () => {
    expect(exposureProblem({ ...safe, othersRead: true }, ['gateway.password'])).toMatch(/holds secrets \(gateway\.password\) and every user of this machine can read it/);
    expect(exposureProblem({ known: false, why: 'no access list' }, ['gateway.hmacKey'])).toMatch(/gateway\.hmacKey.*unknown: no access list/);
  });

  it('accepts a readable file without secrets, and secrets only the lane can read', () => {
    expect(exposureProblem({ ...safe, othersRead: true }, [])).toBeUndefined();
    expect(exposureProblem({ known: false, why: 'x' }, [])).toBeUndefined();
    expect(exposureProblem(safe, ['gateway.password'])).toBeUndefined();
  });
});
