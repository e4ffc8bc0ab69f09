import type { SecurityMailCatalog } from './en';

export const securityMailFrench: SecurityMailCatalog = {
  passwordChanged: 'Votre mot de passe a été modifié',
  twoFactorDisabled: 'L’authentification à deux facteurs a été désactivée',
  googleAdded: 'La connexion avec Google a été ajoutée',
  passkeyAdded: 'Une clé d’accès a été ajoutée',
  passwordAdded: 'Un mot de passe a été ajouté',
  googleRemoved: 'La connexion avec Google a été supprimée',
  passkeyRemoved: 'Une clé d’accès a été supprimée',
  passwordRemoved: 'Le mot de passe a été supprimé',
  apiKeyCreated: 'Une nouvelle clé d’API a été créée',
  appConnected: '{app} a désormais accès à votre compte',
  someApp: 'Une application',
  passwordResetText:
    'Le mot de passe de votre compte a été réinitialisé le {at} via un lien «\u00a0Mot de passe oublié\u00a0?\u00a0». Tous les appareils connectés ont été déconnectés.',
  passwordChangedText: 'Le mot de passe de votre compte a été modifié dans les paramètres le {at}. Tous les autres appareils ont été déconnectés.',
  twoFactorDisabledText: 'L’authentification à deux facteurs a été désactivée pour votre compte le {at}. Le mot de passe suffit désormais pour se connecter.',
  twoFactorResetByOperatorText:
    'L’authentification à deux facteurs a été désactivée pour votre compte le {at}. L’exploitant de ce service l’a désactivée, a supprimé vos clés d’accès et a déconnecté tous les appareils afin de vous aider à retrouver l’accès à votre compte. Le mot de passe suffit désormais pour se connecter.',
  googleAddedText: 'La connexion avec Google a été ajoutée à votre compte le {at}. Elle permet désormais de vous connecter.',
  googleAccountAddedText: 'La connexion avec Google ({account}) a été ajoutée à votre compte le {at}. Elle permet désormais de vous connecter.',
  passkeyAddedText: 'Une clé d’accès a été ajoutée à votre compte le {at}. Elle permet désormais de vous connecter.',
  namedPasskeyAddedText: 'Une clé d’accès «\u00a0{name}\u00a0» a été ajoutée à votre compte le {at}. Elle permet désormais de vous connecter.',
  passwordAddedText: 'Un mot de passe a été ajouté à votre compte le {at}. Il permet désormais de vous connecter.',
  googleRemovedText: 'La connexion avec Google a été supprimée de votre compte le {at}. Elle ne permet plus de vous connecter.',
  googleAccountRemovedText: 'La connexion avec Google ({account}) a été supprimée de votre compte le {at}. Elle ne permet plus de vous connecter.',
  passkeyRemovedText: 'La clé d’accès a été supprimée de votre compte le {at}. Elle ne permet plus de vous connecter.',
  namedPasskeyRemovedText: 'La clé d’accès «\u00a0{name}\u00a0» a été supprimée de votre compte le {at}. Elle ne permet plus de vous connecter.',
  passwordRemovedText: 'Le mot de passe a été supprimé de votre compte le {at}. Il ne permet plus de vous connecter.',
  apiKeyCreatedText:
    'Une nouvelle clé d’API a été créée pour votre compte le {at}. Elle donne accès aux données de votre compte via l’API jusqu’à sa révocation dans Paramètres → Intégrations.',
  namedApiKeyCreatedText:
    'Une nouvelle clé d’API «\u00a0{name}\u00a0» a été créée pour votre compte le {at}. Elle donne accès aux données de votre compte via l’API jusqu’à sa révocation dans Paramètres → Intégrations.',
  appConnectedText:
    '{app} a obtenu l’accès à votre compte le {at}. Cet accès aux données de votre compte reste ouvert jusqu’à la déconnexion de l’application dans Paramètres → Intégrations.',
  stillAccess: 'Les éléments suivants ont toujours accès à votre compte. Révoquez ceux que vous ne reconnaissez pas\u00a0:',
  apiKeys: 'Clés d’API',
  connectedApps: 'Applications connectées',
  webhooks: 'Webhooks',
  signedInDevices: 'Appareils connectés',
  apiKeyLine: '{name} — créée le {created}, dernière utilisation le {used}',
  unusedApiKeyLine: '{name} — créée le {created}, jamais utilisée',
  appLine: '{name} — connectée le {connected}',
  noDevices: 'Aucun\u00a0: la réinitialisation a déconnecté tous les appareils.',
  none: 'Aucun élément',
  reviewAccess: 'Vérifier les accès',
  notYou:
    'Si ce n’était pas vous, réinitialisez votre mot de passe dès maintenant\u00a0: choisissez «\u00a0Mot de passe oublié\u00a0?\u00a0» sur la page de connexion. Vérifiez ensuite Paramètres → Général\u00a0: vos appareils connectés, votre adresse e-mail et l’authentification à deux facteurs.',
  forgotPassword: 'Mot de passe oublié\u00a0?',
  openSettings: 'Ouvrir Paramètres → Général',
  settingsGeneral: 'Paramètres → Général',
  footer: 'Vous recevez cet e-mail parce que les paramètres de sécurité de votre compte ont été modifiés.',
};
