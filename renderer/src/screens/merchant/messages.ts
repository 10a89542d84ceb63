import { defineMessages } from '../../i18n/define';

/** The Merchant screen's words, in English and French. */
export const merchantMessages = defineMessages(
  {
    title: 'Merchant',
  },
  {
    title: 'Commerçant',
  },
);
