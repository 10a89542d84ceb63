import { useEffect } from 'react';
import type { AppStatus, DeviceInfo } from '../../../../preload/contract';
import { CardLine } from '../../components/CardLine';
import { CheckLine } from '../../components/CheckLine';
import { dateTime, money } from '../../components/money';
import { problemWords } from '../../components/problem';
import { ProblemNote } from '../../components/ProblemNote';
import { useT } from '../../i18n/i18n';
import { devicesActions, startDevices, useDevicesStore, type LastRead } from '../../stores/devices-store';
import { failedWords, TONE, VIA } from './device-words';
import { PrinterCard, PrintoutPanel } from './PrinterPanel';

function LastReadPanel({ read, names }: { read: LastRead | undefined; names: Map<string, string> }) {
  const { t } = useT('devices');
  const from = read ? (names.get(read.deviceId) ?? read.deviceId) : '';
  return (
    <section className="devices-last card" aria-labelledby="last-read-title">
      <h2 id="last-read-title">{t('lastRead.title')}</h2>
      <p aria-live="polite" data-testid="last-read">
        {!read && <span className="muted">{t('lastRead.none')}</span>}
        {read?.type === 'card' && <CardLine card={read.card} flags testId="last-read-card" />}
        {read?.type === 'check' && <CheckLine check={read.check} testId="last-read-check" />}
        {read?.type === 'failed' && (
          // What the code means in the screen's words, then main's message (what to do), no code in brackets.
          <span className="devices-failed" role="alert">
            {t(failedWords(read.code))} <span className="muted">{read.message}</span>
          </span>
        )}
        {read && <span className="muted block">{t('lastRead.from', { device: from, when: dateTime(read.at) })}</span>}
      </p>
    </section>
  );
}

function DeviceCard({ device }: { device: DeviceInfo }) {
  const test = useDevicesStore((s) => s.tests[device.id]);
  const pad = useDevicesStore((s) => s.pads[device.id]);
  const { t } = useT('devices');
  const readLabel = t(device.kind === 'micr' ? 'test.check' : 'test.swipe');
  return (
    <li className="devices-item card" aria-labelledby={`device-${device.id}`} data-testid={`device-${device.id}`}>
      <div className="devices-item-head">
        <h3 id={`device-${device.id}`}>{device.name}</h3>
        <span className={`devices-state ${TONE[device.state]}`}>{t(`state.${device.state}`)}</span>
      </div>
      <p className="muted">
        {t(`kind.${device.kind}`)} · {t(`transport.${device.transport}`)}
        {device.address ? ` · ${device.address}` : ''} · {t('device.reads', { count: device.reads })}
      </p>
      {device.detail && <p className="devices-detail">{device.detail}</p>}
      {pad && device.kind === 'pinpad' && (
        <p className="muted">
          {/* The pad's own prompt is its text, as it shows it. */}
          {t('pad.shows', { what: pad.activity === 'amount' && pad.amountCents !== undefined ? money(pad.amountCents) : (pad.prompt ?? t(`pad.${pad.activity}`)) })}
        </p>
      )}
      <div className="devices-actions">
        <button type="button" className="button" disabled={test?.running} onClick={() => devicesActions.test(device.id, false)}>
          {t('test.link')}
        </button>
        <button type="button" className="button" disabled={test?.running || device.state !== 'connected'} onClick={() => devicesActions.test(device.id, true)}>
          {readLabel}
        </button>
      </div>
      <p role="status" className="devices-test">
        {test?.running && t('test.running')}
        {test?.result && <span className={test.result.ok ? 'tone-ok' : 'tone-bad'}>{t(test.result.ok ? 'test.passed' : 'test.failed', { detail: test.result.detail })}</span>}
        {test?.problem && <span className="tone-bad">{problemWords(test.problem)}</span>}
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
  const { t } = useT('devices');
  return (
    <section className="devices-training card" aria-labelledby="training-title">
      <h2 id="training-title">{t('training.title')}</h2>
      <p className="muted">{t('training.text')}</p>
      <div className="devices-sim">
        <SampleSelect id="sim-card" label={t('sim.card')} value={sim.card} samples={samples?.cards} onChange={(name) => devicesActions.chooseSample('card', name)} />
        <fieldset className="devices-via">
          <legend>{t('sim.via')}</legend>
          {VIA.map(([via, label]) => (
            <label key={via} className="check">
              <input type="radio" name="sim-via" value={via} checked={sim.via === via} onChange={() => devicesActions.choose({ via })} />
              {t(label)}
            </label>
          ))}
        </fieldset>
        <button type="button" className="button primary" disabled={sim.busy} onClick={() => devicesActions.simulateSwipe()}>
          {t('sim.swipe')}
        </button>
      </div>
      <div className="devices-sim">
        <SampleSelect id="sim-check" label={t('sim.check')} value={sim.check} samples={samples?.checks} onChange={(name) => devicesActions.chooseSample('check', name)} />
        <button type="button" className="button primary" disabled={sim.busy} onClick={() => devicesActions.simulateCheck()}>
          {t('sim.simulateCheck')}
        </button>
      </div>
      <ProblemNote text={problemWords(sim.problem)} />
    </section>
  );
}

/** The cards of a list of devices. A printer's card takes the screen's words for its state, kind and transport, so every device reads the same. */
function DeviceList({ devices }: { devices: DeviceInfo[] }) {
  const { t } = useT('devices');
  const printerWords = (d: DeviceInfo) => ({ state: { words: t(`state.${d.state}`), tone: TONE[d.state] }, kind: t(`kind.${d.kind}`), transport: t(`transport.${d.transport}`) });
  return (
    <ul className="devices-list">
      {devices.map((d) =>
        d.kind === 'printer' ? <PrinterCard key={d.id} device={d} {...printerWords(d)} /> : <DeviceCard key={d.id} device={d} />,
      )}
    </ul>
  );
}

/** Card readers, check readers and PIN pads: their state, a test for each, and the training simulators. */
export function DevicesScreen({ status }: { status: AppStatus }) {
  useEffect(() => startDevices(), []);
  const { list, problem, lastRead } = useDevicesStore();
  const training = status.mode === 'training';
  const lane = list?.devices.filter((d) => d.origin !== 'training') ?? [];
  const simulated = list?.devices.filter((d) => d.origin === 'training') ?? [];
  const names = new Map((list?.devices ?? []).map((d) => [d.id, d.name]));
  const wedgeWithoutCapture = list !== undefined && !list.wedgeCapture && lane.some((d) => d.transport === 'wedge');
  const plugged = list?.discovered.filter((d) => d.known) ?? [];
  const simulatedWedgeHere = list !== undefined && !list.wedgeCapture && simulated.some((d) => d.transport === 'wedge');
  const { t } = useT('devices');
  return (
    <section className="screen devices-screen" aria-labelledby="devices-title">
      <div className="screen-head">
        <h1 id="devices-title">{t('title')}</h1>
        <button type="button" className="button secondary" onClick={() => devicesActions.reload()}>
          {t('refresh')}
        </button>
      </div>
      <ProblemNote text={problemWords(problem)} />
      <LastReadPanel read={lastRead} names={names} />
      {training && <TrainingPanel />}
      {training && <PrintoutPanel printout={list?.printout} />}
      {wedgeWithoutCapture && (
        <p className="devices-warning" role="note">
          {t('wedge.browser')}
        </p>
      )}
      {simulatedWedgeHere && (
        <p className="devices-warning" role="note" data-testid="wedge-not-captured">
          {t('wedge.simulated')}
        </p>
      )}
      <h2>{t('lane.title')}</h2>
      {list && lane.length === 0 && <p className="muted">{t('lane.none')}</p>}
      <DeviceList devices={lane} />
      {training && simulated.length > 0 && (
        <>
          <h2>{t('simulated.title')}</h2>
          <DeviceList devices={simulated} />
        </>
      )}
      <h2>{t('plugged.title')}</h2>
      {list && plugged.length === 0 && <p className="muted">{t('plugged.none')}</p>}
      <ul className="devices-found">
        {plugged.map((d) => (
          <li key={`${d.transport}:${d.path}`}>
            {d.vendor} {d.model} <span className="muted">{t('plugged.where', { transport: `${t(`transport.${d.transport}`)}${d.usb ? ` ${d.usb}` : ''}`, path: d.path })}</span>
            {d.inUse && <span className="tag">{t('plugged.inUse')}</span>}
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
