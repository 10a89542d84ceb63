import { useEffect } from 'react';
import { formatCents } from '../../../../preload/format';
import type { AppStatus, DeviceInfo, DeviceKind, DeviceState, MaskedCard, MaskedCheck, SimVia } from '../../../../preload/contract';
import { devicesActions, startDevices, useDevicesStore, type LastRead } from '../../stores/devices-store';
import { PrinterCard, PrintoutPanel } from './PrinterPanel';

const KIND: Record<DeviceKind, string> = { msr: 'Card reader', micr: 'Check reader', pinpad: 'PIN pad', printer: 'Receipt printer' };
const STATE: Record<DeviceState, { words: string; tone: string }> = {
  connected: { words: 'Ready', tone: 'tone-ok' },
  connecting: { words: 'Connecting', tone: 'tone-warn' },
  disconnected: { words: 'Unplugged', tone: 'tone-bad' },
  error: { words: 'Fault', tone: 'tone-bad' },
  disabled: { words: 'Off', tone: 'tone-warn' },
};
const TRANSPORT: Record<DeviceInfo['transport'], string> = { serial: 'serial', hid: 'USB HID', wedge: 'keyboard wedge', usblp: 'USB printer port', simulator: 'simulated' };
const VIA: Array<[SimVia, string]> = [
  ['msr', 'Serial card reader'],
  ['hid', 'USB HID card reader'],
  ['wedge', 'Keyboard-wedge reader'],
  ['pinpad', 'Customer swipes on the PIN pad'],
];
const BRAND: Record<MaskedCard['brand'], string> = {
  visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club',
  jcb: 'JCB', unionpay: 'UnionPay', maestro: 'Maestro', unknown: 'Card',
};

function CardLine({ card }: { card: MaskedCard }) {
  return (
    <>
      <strong data-testid="last-read-card">
        {BRAND[card.brand]} {card.masked}
      </strong>
      {card.name && <span> · {card.name}</span>}
      <span> · {card.expiry ? `expires ${card.expiry}` : 'no expiry on the stripe'}</span>
      {card.expired && <span className="devices-flag tone-bad"> Expired</span>}
      {card.chip && <span className="devices-flag tone-warn"> Chip card: insert it if the terminal can read chips</span>}
    </>
  );
}

function CheckLine({ check }: { check: MaskedCheck }) {
  return (
    <>
      <strong data-testid="last-read-check">
        {check.business ? 'Business' : 'Personal'} check{check.checkNumber ? ` #${check.checkNumber}` : ''}
      </strong>
      <span>
        {' '}
        · routing {check.routing} · account {check.accountMasked}
        {check.amountCents !== undefined ? ` · encoded amount ${formatCents(check.amountCents)}` : ''}
      </span>
      {check.country === 'CA' && <span className="devices-flag tone-warn"> Canadian check (no routing checksum)</span>}
    </>
  );
}

function LastReadPanel({ read, names }: { read: LastRead | undefined; names: Map<string, string> }) {
  const from = read ? (names.get(read.deviceId) ?? read.deviceId) : '';
  return (
    <section className="devices-last card" aria-labelledby="last-read-title">
      <h2 id="last-read-title">Last read</h2>
      <p aria-live="polite" data-testid="last-read">
        {!read && <span className="muted">Nothing read yet. Swipe a card or run a check through a reader.</span>}
        {read?.type === 'card' && <CardLine card={read.card} />}
        {read?.type === 'check' && <CheckLine check={read.check} />}
        {read?.type === 'failed' && (
          <span className="devices-failed" role="alert">
            {read.message} <span className="muted">({read.code})</span>
          </span>
        )}
        {read && <span className="muted block">from {from}, {new Date(read.at).toLocaleTimeString()}</span>}
      </p>
    </section>
  );
}

function DeviceCard({ device }: { device: DeviceInfo }) {
  const test = useDevicesStore((s) => s.tests[device.id]);
  const pad = useDevicesStore((s) => s.pads[device.id]);
  const state = STATE[device.state];
  const readLabel = device.kind === 'micr' ? 'Test with a check' : 'Test with a swipe';
  return (
    <li className="devices-item card" aria-labelledby={`device-${device.id}`} data-testid={`device-${device.id}`}>
      <div className="devices-item-head">
        <h3 id={`device-${device.id}`}>{device.name}</h3>
        <span className={`devices-state ${state.tone}`}>{state.words}</span>
      </div>
      <p className="muted">
        {KIND[device.kind]} · {TRANSPORT[device.transport]}
        {device.address ? ` · ${device.address}` : ''} · {device.reads} read{device.reads === 1 ? '' : 's'}
      </p>
      {device.detail && <p className="devices-detail">{device.detail}</p>}
      {pad && device.kind === 'pinpad' && (
        <p className="muted">
          Pad shows: {pad.activity === 'amount' && pad.amountCents !== undefined ? formatCents(pad.amountCents) : (pad.prompt ?? pad.activity)}
        </p>
      )}
      <div className="devices-actions">
        <button type="button" className="button" disabled={test?.running} onClick={() => devicesActions.test(device.id, false)}>
          Test link
        </button>
        <button type="button" className="button" disabled={test?.running || device.state !== 'connected'} onClick={() => devicesActions.test(device.id, true)}>
          {readLabel}
        </button>
      </div>
      <p role="status" className="devices-test">
        {test?.running && 'Testing… (a swipe or check now is the test read)'}
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

function SampleSelect(props: { id: string; label: string; value: string; samples: Array<{ name: string; description: string }> | undefined; onChange(name: string): void }) {
  return (
    <div>
      <label htmlFor={props.id} className="block">
        {props.label}
      </label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.samples?.map((c) => (
          <option key={c.name} value={c.name}>
            {c.description}
          </option>
        ))}
      </select>
    </div>
  );
}

function TrainingPanel() {
  const sim = useDevicesStore((s) => s.sim);
  const samples = useDevicesStore((s) => s.list?.samples);
  return (
    <section className="devices-training card" aria-labelledby="training-title">
      <h2 id="training-title">Training simulators</h2>
      <p className="muted">Simulated readers send the same bytes as real ones, through the real decoders. Only in training mode.</p>
      <div className="devices-sim">
        <SampleSelect id="sim-card" label="Card" value={sim.card} samples={samples?.cards} onChange={(name) => devicesActions.chooseSample('card', name)} />
        <fieldset className="devices-via">
          <legend>Swiped on</legend>
          {VIA.map(([via, label]) => (
            <label key={via} className="check">
              <input type="radio" name="sim-via" value={via} checked={sim.via === via} onChange={() => devicesActions.choose({ via })} />
              {label}
            </label>
          ))}
        </fieldset>
        <button type="button" className="button primary" disabled={sim.busy} onClick={() => devicesActions.simulateSwipe()}>
          Simulate swipe
        </button>
      </div>
      <div className="devices-sim">
        <SampleSelect id="sim-check" label="Check" value={sim.check} samples={samples?.checks} onChange={(name) => devicesActions.chooseSample('check', name)} />
        <button type="button" className="button primary" disabled={sim.busy} onClick={() => devicesActions.simulateCheck()}>
          Simulate check
        </button>
      </div>
      {sim.error && (
        <p className="error-note" role="alert">
          {sim.error}
        </p>
      )}
    </section>
  );
}

/** Card readers, check readers and PIN pads: their state, a test for each, and the training simulators. */
export function DevicesScreen({ status }: { status: AppStatus }) {
  useEffect(() => startDevices(), []);
  const { list, error, lastRead } = useDevicesStore();
  const training = status.mode === 'training';
  const lane = list?.devices.filter((d) => d.origin !== 'training') ?? [];
  const simulated = list?.devices.filter((d) => d.origin === 'training') ?? [];
  const names = new Map((list?.devices ?? []).map((d) => [d.id, d.name]));
  const wedgeWithoutCapture = list !== undefined && !list.wedgeCapture && lane.some((d) => d.transport === 'wedge');
  const plugged = list?.discovered.filter((d) => d.known) ?? [];
  const simulatedWedgeHere = list !== undefined && !list.wedgeCapture && simulated.some((d) => d.transport === 'wedge');
  return (
    <section className="screen devices-screen" aria-labelledby="devices-title">
      <div className="screen-head">
        <h1 id="devices-title">Devices</h1>
        <button type="button" className="button secondary" onClick={() => devicesActions.reload()}>
          Refresh
        </button>
      </div>
      {error && (
        <p className="error-note" role="alert">
          {error}
        </p>
      )}
      <LastReadPanel read={lastRead} names={names} />
      {training && <TrainingPanel />}
      {training && <PrintoutPanel printout={list?.printout} />}
      {wedgeWithoutCapture && (
        <p className="devices-warning" role="note">
          Keyboard-wedge card readers work only in the desktop app: in a browser the swipe would type into the page. Use the desktop app, or switch the reader to
          serial or USB HID mode.
        </p>
      )}
      {simulatedWedgeHere && (
        <p className="devices-warning" role="note" data-testid="wedge-not-captured">
          The simulated keyboard-wedge reader takes only its Simulate swipe button on this page: keys typed into a browser page are not captured as swipes
          (the desktop app captures them).
        </p>
      )}
      <h2>This lane</h2>
      {list && lane.length === 0 && <p className="muted">No card, check or PIN pad devices are configured (setting devices.list; see docs/devices.md).</p>}
      <ul className="devices-list">
        {lane.map((d) =>
          d.kind === 'printer' ? (
            <PrinterCard key={d.id} device={d} state={STATE[d.state]} kind={KIND[d.kind]} transport={TRANSPORT[d.transport]} />
          ) : (
            <DeviceCard key={d.id} device={d} />
          ),
        )}
      </ul>
      {training && simulated.length > 0 && (
        <>
          <h2>Simulated devices</h2>
          <ul className="devices-list">
            {simulated.map((d) =>
              d.kind === 'printer' ? (
                <PrinterCard key={d.id} device={d} state={STATE[d.state]} kind={KIND[d.kind]} transport={TRANSPORT[d.transport]} />
              ) : (
                <DeviceCard key={d.id} device={d} />
              ),
            )}
          </ul>
        </>
      )}
      <h2>Plugged into this machine</h2>
      {list && plugged.length === 0 && <p className="muted">No known payment device is plugged in.</p>}
      <ul className="devices-found">
        {plugged.map((d) => (
          <li key={`${d.transport}:${d.path}`}>
            {d.vendor} {d.model} <span className="muted">({d.transport}{d.usb ? ` ${d.usb}` : ''} at {d.path})</span>
            {d.inUse && <span className="tag">in use</span>}
          </li>
        ))}
      </ul>
      {list?.problems.map((p) => (
        <p key={p} className="muted">
          {p}
        </p>
      ))}
    </section>
  );
}
