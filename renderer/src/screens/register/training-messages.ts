import { defineMessages } from '../../i18n/define';

/** The Training panel's words (the simulated gateway's faults and the simulated PIN pad), in English and French. */
export const trainingMessages = defineMessages(
  {
    title: 'Training',
  },
  {
    title: 'Formation',
  },
);
