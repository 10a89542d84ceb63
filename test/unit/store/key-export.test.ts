import { describe, expect, it } from 'vitest';
import { decryptKeyExport, encryptKeyExport, EXPORT_COST, KeyExportError, parseKeyExport, privateKeyOfExport } from '../../../main/store/key-export';
import { generateTerminalKeyPair, privateKeyToDer, rawPublicKey } from '../../../main/store/sealing';

// The cheapest cost an import accepts, so the suite stays fast; the command uses EXPORT_COST.
const FAST = { N: 2 ** 14, r: 8, p: 1 };
const PASSPHRASE = 'lane 7 moves to the new PC';

function exported() {
  const pair = generateTerminalKeyPair();
  const der = privateKeyToDer(pair.privateKey);
  return { pair, der, file: encryptKeyExport(der, rawPublicKey(pair.publicKey), PASSPHRASE, FAST) };
}

describe('a terminal key export', () => {
  it('gives the key back with its passphrase, and never holds it in clear', () => {
    const { pair, der, file } = exported();
    const text = JSON.stringify(file);
    expect(text).not.toContain(der.toString('base64'));
    expect(text).not.toContain(der.subarray(-32).toString('base64'));
    expect(text).not.toContain(der.toString('hex'));
    const back = parseKeyExport(text);
    expect(decryptKeyExport(back, PASSPHRASE)).toEqual(der);
    expect(rawPublicKey(pair.publicKey).toString('base64url')).toBe(back.publicKey);
    expect(privateKeyOfExport(back, PASSPHRASE).export({ format: 'der', type: 'pkcs8' })).toEqual(der);
  });

  it('uses scrypt at N 2^17 by default', () => {
    expect(EXPORT_COST).toEqual({ N: 131072, r: 8, p: 1 });
  });

  it('refuses a wrong passphrase, and a file whose public key, costs or data were changed', () => {
    const { file } = exported();
    expect(() => decryptKeyExport(file, 'not the passphrase')).toThrow('the passphrase does not open this key file (or the file was changed)');
    const other = rawPublicKey(generateTerminalKeyPair().publicKey).toString('base64url');
    expect(() => decryptKeyExport({ ...file, publicKey: other }, PASSPHRASE)).toThrow(KeyExportError);
    expect(() => decryptKeyExport({ ...file, kdf: { ...file.kdf, r: 9 } }, PASSPHRASE)).toThrow(KeyExportError);
    const data = Buffer.from(file.data, 'base64');
    data[0] = (data[0] ?? 0) ^ 1;
    expect(() => decryptKeyExport({ ...file, data: data.toString('base64') }, PASSPHRASE)).toThrow(KeyExportError);
  });

  it('refuses a short passphrase', () => {
    const pair = generateTerminalKeyPair();
    expect(() => encryptKeyExport(privateKeyToDer(pair.privateKey), rawPublicKey(pair.publicKey), 'short-pass', FAST)).toThrow('the passphrase must have at least 12 characters');
  });

  it('refuses what is not an export, and costs that would make an import spend gigabytes', () => {
    expect(() => parseKeyExport('{')).toThrow('this is not a terminal key export (not JSON)');
    expect(() => parseKeyExport('{"version":2,"protection":"file"}')).toThrow(/not a terminal key export of a known version/);
    const { file } = exported();
    expect(() => parseKeyExport(JSON.stringify({ ...file, kdf: { ...file.kdf, N: 2 ** 24 } }))).toThrow(KeyExportError);
    expect(() => parseKeyExport(JSON.stringify({ ...file, kdf: { ...file.kdf, N: 3 * 2 ** 14 } }))).toThrow(KeyExportError);
    expect(() => parseKeyExport(JSON.stringify({ ...file, kdf: { ...file.kdf, p: 64 } }))).toThrow(KeyExportError);
  });
});
