import type { DeviceInfo, Printout } from '../../../../preload/contract';
import { dateTime } from '../../components/money';
import { problemWords } from '../../components/problem';
import { useT } from '../../i18n/i18n';
import { devicesActions, useDevicesStore } from '../../stores/devices-store';

/**
 * A receipt printer on the Devices screen: its state like the other devices, and Print test page
 * (devices.test prints one: lane, date, a 40-column ruler). The screen passes its words for the
 * state, kind and transport so every device reads the same.
 */
export function PrinterCard(props: { device: DeviceInfo; state: { words: string; tone: string }; kind: string; transport: string }) {
  const { device, state } = props;
  const test = useDevicesStore((s) => s.tests[device.id]);
  const { t } = useT('devices');
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
          {t('printer.test')}
        </button>
      </div>
      <p role="status" className="devices-test">
        {test?.running && t('printer.testing')}
        {test?.result && <span className={test.result.ok ? 'tone-ok' : 'tone-bad'}>{t(test.result.ok ? 'test.passed' : 'test.failed', { detail: test.result.detail })}</span>}
        {test?.problem && <span className="tone-bad">{problemWords(test.problem)}</span>}
      </p>
    </li>
  );
}

/** Training: the last receipt the simulated printer cut off, as it came out of the printer. */
export function PrintoutPanel({ printout }: { printout: Printout | undefined }) {
  const { t } = useT('devices');
  return (
    <section className="devices-last card" aria-labelledby="printout-title">
      <h2 id="printout-title">{t('printout.title')}</h2>
      {!printout && <p className="muted">{t('printout.none')}</p>}
      {printout && (
        <>
          <p className="muted">{t('printout.last', { when: dateTime(printout.at) })}</p>
          <pre className="receipt" aria-label={t('printout.output')} data-testid="printout">
            {printout.lines.map((l, i) => (
              <span key={i} className="block" style={{ textAlign: l.centre ? 'center' : 'left', fontWeight: l.bold ? 700 : 400 }}>
                {l.text || ' '}
              </span>
            ))}
          </pre>
          {printout.errors.length > 0 && (
            <ul className="printout-errors tone-bad" role="alert">
              {printout.errors.map((e, i) => (
                <li key={i}>{t('printout.error', { error: e })}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
