import { defineMessages } from '../../i18n/define';

/** The words of a card typed in at the Register (the cashier's form, or the PIN pad taking the number), in English and French. */
export const keyedMessages = defineMessages(
  {
    title: 'Type the card',
  },
  {
    title: 'Saisir la carte',
  },
);
