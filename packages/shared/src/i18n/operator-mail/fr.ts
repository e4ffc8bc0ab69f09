import type { OperatorMailCatalog } from './en';

export const operatorMailFrench: OperatorMailCatalog = {
  customDesignTitle: 'Nouvelle demande de carte personnalisée',
  quoteTitle: 'Nouvelle demande de devis',
  customDesignSubject: 'Nouvelle demande de carte personnalisée : {name}',
  quoteSubject: 'Nouvelle demande de devis : {name}',
  someone: 'Quelqu’un',
  name: 'Nom',
  email: 'E-mail',
  phone: 'Téléphone',
  company: 'Entreprise',
  quantity: 'Quantité',
  material: 'Matériau',
  finish: 'Finition',
  cardCount: 'Nombre de cartes',
  notes: 'Remarques',
  materialPvc: 'PVC',
  materialMetal: 'Métal',
  materialWood: 'Bois',
  materialRecycled: 'Plastique recyclé',
  finishMatte: 'Mate',
  finishGlossy: 'Brillante',
  finishSoftTouch: 'Toucher doux',
  filesAttached:
    '{count, plural, one {# fichier joint dans la console.} many {# fichiers joints dans la console.} other {# fichiers joints dans la console.}}',
  openRequests: 'Ouvrir les demandes',
  signingCertificate: 'Le certificat de signature Apple Wallet',
  apnsKey: 'La clé APNs',
  credentialExpired: '{credential} a expiré le {day}',
  credentialExpires: '{credential} expire le {day}, dans {days, plural, one {# jour} many {# jours} other {# jours}}',
  expiredConsequence: 'Les cartes Apple Wallet ne peuvent plus être signées ni mises à jour avec.',
  expiringConsequence: 'Renouvelez-le d’ici là, sinon les cartes Apple Wallet nouvelles et mises à jour ne fonctionneront plus.',
  signingCertificateRenewal:
    'Créez un nouveau certificat Pass Type ID dans le compte Apple Developer, indiquez-le dans APPLE_SIGNER_CERT et APPLE_SIGNER_KEY (docs/wallet.md), puis redémarrez le serveur.',
  apnsKeyRenewal:
    'Créez une nouvelle clé APNs dans le compte Apple Developer, indiquez-la dans APPLE_APNS_KEY_ID, APPLE_APNS_KEY et APPLE_APNS_KEY_EXPIRES_AT (docs/wallet.md), puis redémarrez le serveur.',
  footer: 'Vous recevez cet e-mail parce que vous exploitez ce service.',
};
