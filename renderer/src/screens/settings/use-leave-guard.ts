import { useEffect } from 'react';
import { guardLeaving } from '../../app/leave-guard';
import { hasChanges, settingsActions, useSettingsStore } from '../../stores/settings-store';

/**
 * While changes wait for Save, leaving asks first: another screen of the app (the navigation asks
 * this question), and a reload or close of the page or window too (beforeunload). Leaving anyway
 * drops the changes, so the next arrival shows the settings in force.
 */
export function useLeaveGuard(question: string): void {
  const dirty = useSettingsStore(hasChanges);
  useEffect(() => {
    if (!dirty) return;
    const off = guardLeaving(() => {
      const leave = window.confirm(question);
      if (leave) settingsActions.discard();
      return leave;
    });
    // A browser asks by itself; the desktop app's shell asks over the window (main/electron/leave-prompt.ts).
    const unload = (e: BeforeUnloadEvent): void => e.preventDefault();
    window.addEventListener('beforeunload', unload);
    return () => {
      off();
      window.removeEventListener('beforeunload', unload);
    };
  }, [dirty, question]);
}
