import type { SettingView } from '../../../../preload/contract';
import { useT } from '../../i18n/i18n';
import { settingsActions } from '../../stores/settings-store';
import { choiceWords } from './setting-words';
import { dollarsForMain, dollarsOnScreen, listValues, moneyShape, toggled } from './setting-values';

interface Props {
  s: SettingView;
  /** The control's id (the first check box's, for a list). */
  id: string;
  label: string;
  /** The text in the form: the change typed, else the value in force (as main reads it). */
  value: string;
  editable: boolean;
  invalid: boolean;
  describedBy: string;
}

/** The control a setting takes: check boxes, a choice, money, a secret or free text. */
export function SettingControl({ s, id, label, value, editable, invalid, describedBy }: Props) {
  const { t } = useT('settings');
  const edit = (text: string): void => settingsActions.edit(s.key, text);
  const aria = { 'aria-invalid': invalid, 'aria-describedby': describedBy };

  if (s.listOf) {
    const list = s.listOf;
    const on = listValues(value);
    return (
      // A group takes no aria-invalid: each check box says it.
      <fieldset className="setting-list" aria-describedby={describedBy}>
        <legend className="visually-hidden">{label}</legend>
        {list.map((choice, i) => {
          const words = choiceWords(s.key, choice);
          return (
            <label key={choice} className="check">
              <input
                id={i === 0 ? id : undefined}
                type="checkbox"
                checked={on.includes(choice)}
                disabled={!editable}
                aria-invalid={invalid}
                onChange={(e) => edit(toggled(list, on, choice, e.target.checked))}
              />
              {words ? t(words) : choice}
            </label>
          );
        })}
      </fieldset>
    );
  }

  if (s.choices) {
    return (
      <select id={id} value={value} disabled={!editable} {...aria} onChange={(e) => edit(e.target.value)}>
        {s.choices.map((choice) => {
          const words = choiceWords(s.key, choice);
          return (
            <option key={choice} value={choice}>
              {words ? t(words) : choice}
            </option>
          );
        })}
      </select>
    );
  }

  if (s.unit === 'cents') {
    // Dollars and cents in the screen's language ("80,50 $" in French); main reads them back as "80.50".
    const shape = moneyShape();
    const symbol = (
      <span className="money-symbol" aria-hidden="true">
        {shape.symbol}
      </span>
    );
    return (
      <span className="money-field">
        {shape.before && symbol}
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={dollarsOnScreen(value, shape.mark)}
          readOnly={!editable}
          {...aria}
          onChange={(e) => edit(dollarsForMain(e.target.value, shape.mark))}
        />
        {!shape.before && symbol}
        <span id={`${id}-hint`} className="visually-hidden">
          {t('money.hint', { example: dollarsOnScreen('50.00', shape.mark) })}
        </span>
      </span>
    );
  }

  return (
    <input
      id={id}
      type={s.secret ? 'password' : 'text'}
      autoComplete="off"
      value={value}
      placeholder={s.secret ? t(s.set ? 'secret.set' : 'secret.unset') : (s.defaultText ?? '')}
      readOnly={!editable}
      {...aria}
      onChange={(e) => edit(e.target.value)}
    />
  );
}
