import type { AccountMailCatalog } from './en';

export const accountMailFrench: AccountMailCatalog = {
  greeting: 'Bonjour,',
  greetingNamed: 'Bonjour {name},',
  footer: 'Vous recevez cet e-mail parce que vous avez un compte chez nous.',
  welcomeSubject: 'Bienvenue\u00a0! Créez votre première carte de visite numérique',
  welcomeTitle: 'Bienvenue',
  welcomeText: 'Bienvenue à bord. Vous n’avez pas encore de carte\u00a0: créez votre carte de visite numérique en quelques minutes et partagez-la par lien, code QR ou NFC.',
  createCard: 'Créer votre carte',
  seePlans: 'Voir les offres',
  notYou: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u00a0: rien ne change.',
  resetSubject: 'Réinitialiser votre mot de passe',
  resetText:
    'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte. Le lien fonctionne une seule fois, pendant {minutes, plural, one {# minute} many {# minutes} other {# minutes}}. Choisir un nouveau mot de passe vous déconnecte partout ailleurs.',
  resetLabel: 'Choisir un nouveau mot de passe',
  verifySubject: 'Confirmez votre adresse e-mail',
  verifyChangeSubject: 'Confirmez votre nouvelle adresse e-mail',
  verifyText: 'Confirmez votre adresse e-mail. D’ici là, nous n’envoyons ni invitations ni notifications de contacts en votre nom.',
  verifyChangeText: 'Confirmez cette adresse pour en faire l’e-mail de connexion de votre compte. D’ici là, votre adresse actuelle reste en place.',
  verifyLabel: 'Confirmer l’adresse e-mail',
  changeSubject: 'Votre adresse e-mail va être modifiée',
  changeTitle: 'Modification de l’adresse e-mail',
  changeText: 'Une personne connectée à votre compte a demandé à remplacer son adresse e-mail par {newEmail}. La modification prend effet dès que cette adresse est confirmée.',
  changeAdvice: 'Si ce n’était pas vous, connectez-vous et changez votre mot de passe dès maintenant\u00a0:',
  openSettings: 'Ouvrir les paramètres',
};
