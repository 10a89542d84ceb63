import { defineMessages } from '../../i18n/define';

/** The Settings screen's words, in English and French. */
export const settingsMessages = defineMessages(
  {
    title: 'Settings',
  },
  {
    title: 'Paramètres',
  },
);
