import { defineMessages } from '../define';

/** The first set-up's words, in English and French. A language's name is written in that language in both. */
export const setupMessages = defineMessages(
  {
    title: 'Set up this lane',
    intro: 'This lane is new. Give it a name and a language, and choose the manager PIN. This is done once: afterwards the manager changes them in Settings.',
    name: 'Lane name',
    'name.hint': 'Shown in the status bar and printed on receipts.',
    language: 'Language of the screens',
    'language.en': 'English',
    'language.fr': 'Français',
    pin: 'Manager PIN',
    'pin.hint': '4 to 12 digits, not one digit repeated nor a run such as 1234.',
    pinAgain: 'The same PIN again',
    mismatch: 'The two PINs are not the same: type the same PIN twice.',
    finish: 'Finish the set-up',
    saving: 'Saving…',
  },
  {
    title: 'Configurer cette caisse',
    intro: 'Cette caisse est neuve. Donnez-lui un nom et une langue, et choisissez le NIP du gérant. Cela se fait une fois : ensuite, le gérant les change dans Paramètres.',
    name: 'Nom de la caisse',
    'name.hint': 'Affiché dans la barre d’état et imprimé sur les reçus.',
    language: 'Langue des écrans',
    'language.en': 'English',
    'language.fr': 'Français',
    pin: 'NIP du gérant',
    'pin.hint': '4 à 12 chiffres, ni un seul chiffre répété ni une suite comme 1234.',
    pinAgain: 'Le même NIP encore une fois',
    mismatch: 'Les deux NIP ne sont pas identiques : tapez deux fois le même NIP.',
    finish: 'Terminer la configuration',
    saving: 'Enregistrement…',
  },
);
