import { defineMessages } from '../../i18n/define';

/** The Status screen's words, in English and French. */
export const statusMessages = defineMessages(
  {
    title: 'Status',
  },
  {
    title: 'État',
  },
);
