import { defineMessages } from '../../i18n/define';

/** The Leads screen's words, in English and French. */
export const leadsMessages = defineMessages(
  {
    title: 'Leads',
  },
  {
    title: 'Demandes',
  },
);
