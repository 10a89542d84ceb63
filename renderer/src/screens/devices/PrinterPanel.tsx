import type { DeviceInfo, Printout } from '../../../../preload/contract';
import { devicesActions, useDevicesStore } from '../../stores/devices-store';

/**
 * A receipt printer on the Devices screen: its state like the other devices, and Print test page
 * (devices.test prints one: lane, date, a 40-column ruler). The screen passes its words for the
 * state, kind and transport so every device reads the same.
 */
export function PrinterCard(props: { device: DeviceInfo; state: { words: string; tone: string }; kind: string; transport: string }) {
  const { device, state } = props;
  const test = useDevicesStore((s) => s.tests[device.id]);
  return (
    <li className="devices-item card" aria-labelledby={`device-${device.id}`} data-testid={`device-${device.id}`}>
      <div className="devices-item-head">
        <h3 id={`device-${device.id}`}>{device.name}</h3>
        <span className={`devices-state ${state.tone}`}>{state.words}</span>
      </div>
      <p className="muted">
        {props.kind} · {props.transport}
        {device.address ? ` · ${device.address}` : ''}
      </p>
      {device.detail && <p className="devices-detail">{device.detail}</p>}
      <div className="devices-actions">
        <button type="button" className="button" disabled={test?.running} onClick={() => devicesActions.test(device.id, false)}>
          Print test page
        </button>
      </div>
      <p role="status" className="devices-test">
        {test?.running && 'Printing a test page…'}
        {test?.result && (
          <span className={test.result.ok ? 'tone-ok' : 'tone-bad'}>
            {test.result.ok ? 'Passed' : 'Failed'}: {test.result.detail}
          </span>
        )}
        {test?.error && <span className="tone-bad">{test.error}</span>}
      </p>
    </li>
  );
}

/** Training: the last receipt the simulated printer cut off, as it came out of the printer. */
export function PrintoutPanel({ printout }: { printout: Printout | undefined }) {
  return (
    <section className="devices-last card" aria-labelledby="printout-title">
      <h2 id="printout-title">Simulated receipt printer</h2>
      {!printout && <p className="muted">Nothing printed yet. Print a receipt, or print a test page on the simulated printer.</p>}
      {printout && (
        <>
          <p className="muted">Last receipt, cut off at {new Date(printout.at).toLocaleTimeString()}:</p>
          <pre className="receipt" aria-label="Simulated printer output" data-testid="printout">
            {printout.lines.map((l, i) => (
              <span key={i} className="block" style={{ textAlign: l.centre ? 'center' : 'left', fontWeight: l.bold ? 700 : 400 }}>
                {l.text || ' '}
              </span>
            ))}
          </pre>
          {printout.errors.length > 0 && (
            <ul className="printout-errors tone-bad" role="alert">
              {printout.errors.map((e, i) => (
                <li key={i}>The printer was sent something it does not understand: {e}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
