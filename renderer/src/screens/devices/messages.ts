import { defineMessages } from '../../i18n/define';

/** The Devices screen's words, in English and French. */
export const devicesMessages = defineMessages(
  {
    title: 'Devices',
  },
  {
    title: 'Appareils',
  },
);
