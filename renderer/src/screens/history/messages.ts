import { defineMessages } from '../../i18n/define';

/** The History screen's words, in English and French. */
export const historyMessages = defineMessages(
  {
    title: 'History',
  },
  {
    title: 'Historique',
  },
);
