import { z } from 'zod';
import { lazySchema } from '../../../preload/contract/lazy-schema';
import { enumSetting, textSetting } from '../setting';

/** Where receipts print (see main/receipts/route.ts and docs/devices.md). */
export const receiptSettings = {
  'receipts.printer': enumSetting(['auto', 'device', 'system', 'browser'], {
    default: 'auto',
    access: 'manager',
    description:
      'Where receipts print: auto (the receipt printer in devices.list, else the system printer of the desktop app, else the browser), device (the receipt printer only), system (the operating system printer), browser (the print dialog of the page).',
  }),
  'receipts.afterApproval': enumSetting(['print', 'ask', 'none'], {
    default: 'ask',
    access: 'manager',
    description:
      'What the Register does with the customer receipt once a payment is approved or stored offline: print (prints it at once), ask (asks "Print the receipt?": Enter prints, Esc skips), none (prints only when the cashier asks for it).',
  }),
  'receipts.systemPrinter': textSetting({
    default: '',
    access: 'manager',
    // Printer names are what the OS shows (textSetting refuses control characters, as in every text setting).
    schema: lazySchema(() => z.string().trim().max(200)),
    description: 'The operating system printer receipts go to in the desktop app, by its name as the system shows it; empty: the default printer.',
  }),
} as const;
