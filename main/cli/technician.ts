import { userInfo } from 'node:os';

/** Who did it, for the record: the OS account running posctl. */
export function technician(): string {
  try {
    return `technician ${userInfo().username} (posctl)`;
  } catch {
    return 'technician (posctl)';
  }
}
