import type { ReactNode } from 'react';

/** What the control inside a field needs to be tied to its label and its problem. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A form field: its label, the control, and under it what is wrong with it in words (tied to the
 * control so a screen reader reads it with the field). The control is the caller's (input, select).
 */
export function LabelledField({ id, label, problem, hint, className, children }: {
  id: string;
  label: string;
  problem?: string | undefined;
  /** What the field expects, always shown (e.g. "digits only"). */
  hint?: string | undefined;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': described || undefined })}
      {hint && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
      {problem && (
        <small id={`${id}-problem`} className="field-problem">
          {problem}
        </small>
      )}
    </div>
  );
}
