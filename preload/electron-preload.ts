/**
 * The Electron transport of the contract. Runs sandboxed with context isolation: it exposes two
 * functions as `window.pos` and nothing else (no ipcRenderer, no Node). Main validates every call
 * against the contract and checks the sending frame.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_EVENT, IPC_INVOKE, type PosBridge } from './bridge';

const bridge: PosBridge = {
  invoke: (method, input) => ipcRenderer.invoke(IPC_INVOKE, String(method), input),
  subscribe: (event, listener) => {
    const name = String(event);
    const handler = (_e: IpcRendererEvent, eventName: unknown, payload: unknown): void => {
      if (eventName === name) listener(payload);
    };
    ipcRenderer.on(IPC_EVENT, handler);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT, handler);
    };
  },
};

contextBridge.exposeInMainWorld('pos', bridge);
