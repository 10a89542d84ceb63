import { defineMessages } from '../i18n/define';

/** The app's frame: navigation, the connection states and what the page says before it has a terminal. */
export const appMessages = defineMessages(
  {
    brand: 'Counter POS',
    skipToMain: 'Skip to main content',
    screens: 'Screens',
    'nav.register': 'Register',
    'nav.history': 'History',
    'nav.queue': 'Offline queue',
    'nav.settings': 'Settings',
    'nav.status': 'Status',
    'nav.devices': 'Devices',
    'nav.catalogue': 'Catalogue',
    'nav.merchant': 'Merchant',
    'nav.leads': 'Leads',
    'nav.more': 'More',
    refusedTitle: 'This page is not connected to a terminal',
    refusedText:
      'The terminal refused this page or is not running. Open the address the terminal printed when it started: it carries a fresh access token.',
    connectionLost: 'Connection to the terminal lost. Reconnecting…',
    connecting: 'Connecting to the terminal…',
  },
  {
    brand: 'Counter POS',
    skipToMain: 'Aller au contenu principal',
    screens: 'Écrans',
    'nav.register': 'Caisse',
    'nav.history': 'Historique',
    'nav.queue': 'File hors ligne',
    'nav.settings': 'Paramètres',
    'nav.status': 'État',
    'nav.devices': 'Appareils',
    'nav.catalogue': 'Catalogue',
    'nav.merchant': 'Commerçant',
    'nav.leads': 'Demandes',
    'nav.more': 'Plus',
    refusedTitle: 'Cette page n’est reliée à aucun terminal',
    refusedText:
      'Le terminal a refusé cette page ou ne fonctionne pas. Ouvrez l’adresse que le terminal a affichée à son démarrage : elle contient un jeton d’accès récent.',
    connectionLost: 'Connexion au terminal perdue. Reconnexion…',
    connecting: 'Connexion au terminal…',
  },
);
