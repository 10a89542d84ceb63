import { useEffect } from 'react';
import { connect } from '../../api/pos';
import { guardLeaving } from '../../app/leave-guard';
import { hasChanges, settingsActions, useSettingsStore } from '../../stores/settings-store';

/**
 * While changes wait for Save, leaving asks first: another screen of the app (the navigation asks
 * this question), and in a browser page a reload or close too (beforeunload). Leaving anyway
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
    // In the desktop app a prevented unload would silently keep the window open, so only a browser asks.
    const browser = connect().initial !== 'ipc';
    const unload = (e: BeforeUnloadEvent): void => e.preventDefault();
    if (browser) window.addEventListener('beforeunload', unload);
    return () => {
      off();
      if (browser) window.removeEventListener('beforeunload', unload);
    };
  }, [dirty, question]);
}
