/** Reconnect delays: doubling from `initialMs` up to `maxMs`, back to the start after a success. */
export class Backoff {
  private attempt = 0;

  constructor(
    private readonly initialMs = 100,
    private readonly maxMs = 1000,
  ) {}

  next(): number {
    const delay = Math.min(this.maxMs, this.initialMs * 2 ** Math.min(this.attempt, 16));
    this.attempt++;
    return delay;
  }

  reset(): void {
    this.attempt = 0;
  }
}
