import { defineMessages } from '../../i18n/define';

/** The Catalogue screen's words, in English and French. */
export const catalogueMessages = defineMessages(
  {
    title: 'Catalogue',
  },
  {
    title: 'Catalogue',
  },
);
