import type { StoreApi } from 'zustand';
import { resetCatalogue } from '../../renderer/src/stores/catalogue-store';
import { closeDayActions } from '../../renderer/src/stores/close-day-store';
import { useDevicesStore } from '../../renderer/src/stores/devices-store';
import { useHistoryStore } from '../../renderer/src/stores/history-store';
import { resetLeads } from '../../renderer/src/stores/leads-store';
import { useManagerStore } from '../../renderer/src/stores/manager-store';
import { resetMerchant } from '../../renderer/src/stores/merchant-store';
import { useQueueStore } from '../../renderer/src/stores/queue-store';
import { useRegisterStore } from '../../renderer/src/stores/register-store';
import { settingsActions } from '../../renderer/src/stores/settings-store';
import { setupActions } from '../../renderer/src/stores/setup-store';
import { useStatusStore } from '../../renderer/src/stores/status-store';
import { trainingActions } from '../../renderer/src/stores/training-store';

/** Stores with no reset of their own: zustand keeps the state each was created with. */
const plain: ReadonlyArray<Pick<StoreApi<object>, 'setState' | 'getInitialState'>> = [useDevicesStore, useHistoryStore, useManagerStore, useQueueStore, useRegisterStore, useStatusStore];

/**
 * Every renderer store back to the state a fresh page starts with, for a component test's
 * `beforeEach` or `afterEach`. A store with its own reset uses it (the Catalogue's also forgets its
 * searches in flight, Training reads the remembered panel again); the others go back to zustand's
 * initial state. A screen started again afterwards subscribes again: pair this with `pos.reset()`.
 */
export function resetStores(): void {
  resetCatalogue();
  resetLeads();
  resetMerchant();
  closeDayActions.reset();
  settingsActions.reset();
  setupActions.reset();
  trainingActions.reset();
  for (const store of plain) store.setState(store.getInitialState(), true);
}
