import { defineMessages } from '../../i18n/define';

/** The Register screen's words, in English and French. */
export const registerMessages = defineMessages(
  {
    title: 'Register',
  },
  {
    title: 'Caisse',
  },
);
