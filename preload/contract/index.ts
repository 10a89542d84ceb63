import type { z } from 'zod';
import { appEvents, appMethods } from './app';
import { marketplaceEvents, marketplaceMethods } from './marketplace';
import { merchantMethods } from './merchant';
import { deviceEvents, deviceMethods } from './devices';
import { paymentEvents, paymentMethods } from './payments';
import { gatewayMethods } from './gateway';
import { managerEvents, managerMethods } from './manager';
import { settingsMethods } from './settings';
import { cashierMethods } from './cashiers';
import { receiptMethods } from './receipts';
import { setupMethods } from './setup';
import { reportMethods } from './reports';

/**
 * The one contract between the renderer and the terminal core. Each method has a zod schema for
 * its input and its output; each event a schema for its payload. Main validates every input and
 * every output against it; the renderer imports its types. A feature adds one entry per call.
 */
export const methods = {
  ...appMethods,
  ...marketplaceMethods,
  ...merchantMethods,
  ...deviceMethods,
  ...gatewayMethods,
  ...paymentMethods,
  ...managerMethods,
  ...settingsMethods,
  ...cashierMethods,
  ...receiptMethods,
  ...setupMethods,
  ...reportMethods,
} as const;

export const events = {
  ...appEvents,
  ...marketplaceEvents,
  ...deviceEvents,
  ...paymentEvents,
  ...managerEvents,
} as const;

export type Methods = typeof methods;
export type MethodName = keyof Methods;
export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<Methods[M]['output']>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.hasOwn(methods, name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}

export * from './app';
export * from './ids';
export * from './errors';
export * from './marketplace';
export * from './merchant';
export * from './devices';
export * from './payments';
export * from './gateway';
export * from './manager';
export * from './roles';
export * from './settings';
export * from './cashiers';
export * from './receipts';
export * from './setup';
export * from './reports';
