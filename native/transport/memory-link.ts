import { EventEmitter } from 'node:events';
import { LinkError, type ByteLink, type LinkEvents, type LinkStatus } from './link';

class MemoryEnd extends EventEmitter<LinkEvents> implements ByteLink {
  peer: MemoryEnd | undefined;
  private current: LinkStatus = { state: 'connected', detail: 'in-process' };

  constructor(readonly label: string) {
    super();
  }

  get status(): LinkStatus {
    return this.current;
  }

  open(): void {
    // Always connected while both ends live.
  }

  async write(bytes: Uint8Array): Promise<void> {
    const peer = this.peer;
    if (this.current.state !== 'connected' || !peer || peer.current.state !== 'connected') {
      throw new LinkError('NOT_CONNECTED', `${this.label} is closed`);
    }
    const copy = Buffer.from(bytes);
    // Asynchronous like a real port: the writer's stack unwinds before the reader sees the bytes.
    setImmediate(() => {
      if (peer.current.state === 'connected') peer.emit('data', copy);
    });
  }

  async close(): Promise<void> {
    if (this.current.state === 'closed') return;
    this.current = { state: 'closed', detail: 'closed' };
    this.emit('status', this.current);
  }
}

/** Two connected in-process ends: a simulator on one, the real decoders on the other (training mode). */
export function memoryLinkPair(label = 'simulator'): [ByteLink, ByteLink] {
  const a = new MemoryEnd(`${label} (device side)`);
  const b = new MemoryEnd(`${label}`);
  a.peer = b;
  b.peer = a;
  return [a, b];
}
