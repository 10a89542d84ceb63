import { createCore, type Core, type CoreConfig } from '../core';
import { createNodePlatform } from '../platform/platform';
import { startLoopbackServer, type LoopbackServer } from '../transport/loopback-server';
import { APP_VERSION } from '../version';

export interface HeadlessOptions {
  dataDir: string;
  staticDir: string;
  /** Overrides the `headless.port` setting. */
  port?: number;
  core?: CoreConfig;
  /**
   * Answer before the gateway's client and the training simulators have started
   * (StartOptions.defer): the caller starts them with `core.startDeferred()` once it printed the
   * address. Calls that come meanwhile wait for them.
   */
  deferStart?: boolean;
}

export interface HeadlessApp {
  core: Core;
  server: LoopbackServer;
  stop(): Promise<void>;
}

/** The app without Electron: the same core, the renderer served on loopback, the WebSocket transport. */
export async function startHeadless(options: HeadlessOptions): Promise<HeadlessApp> {
  const platform = createNodePlatform({ host: 'headless', dataDir: options.dataDir, version: APP_VERSION });
  const core = await createCore({ applyProvisioning: true, exclusive: true, ...options.core }, platform);
  try {
    await core.start({ defer: options.deferStart ?? false });
    const server = await startLoopbackServer({
      dispatch: core.dispatch,
      bus: core.bus,
      log: core.log.child({ module: 'loopback' }),
      staticDir: options.staticDir,
      port: options.port ?? core.settings.get('headless.port'),
      onConnectionClosed: (connection) => core.pageClosed(connection),
    });
    core.log.info({ origin: server.origin }, 'headless transport listening');
    core.instance?.update({ origin: server.origin });
    return {
      core,
      server,
      async stop() {
        await server.close();
        await core.close();
      },
    };
  } catch (e) {
    await core.close();
    throw e;
  }
}
