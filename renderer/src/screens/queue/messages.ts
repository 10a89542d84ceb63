import { defineMessages } from '../../i18n/define';

/** The Offline queue screen's words, in English and French. */
export const queueMessages = defineMessages(
  {
    title: 'Offline queue',
  },
  {
    title: 'File hors ligne',
  },
);
