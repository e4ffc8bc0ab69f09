import type { OperatorMailCatalog } from './en';

export const operatorMailSpanish: OperatorMailCatalog = {
  customDesignTitle: 'Nueva solicitud de tarjeta personalizada',
  quoteTitle: 'Nueva solicitud de presupuesto',
  customDesignSubject: 'Nueva solicitud de tarjeta personalizada: {name}',
  quoteSubject: 'Nueva solicitud de presupuesto: {name}',
  someone: 'Alguien',
  name: 'Nombre',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  company: 'Empresa',
  quantity: 'Cantidad',
  material: 'Material',
  finish: 'Acabado',
  cardCount: 'Número de tarjetas',
  notes: 'Notas',
  materialPvc: 'PVC',
  materialMetal: 'Metal',
  materialWood: 'Madera',
  materialRecycled: 'Plástico reciclado',
  finishMatte: 'Mate',
  finishGlossy: 'Brillante',
  finishSoftTouch: 'Tacto suave',
  filesAttached:
    '{count, plural, one {# archivo adjunto en la consola.} many {# archivos adjuntos en la consola.} other {# archivos adjuntos en la consola.}}',
  openRequests: 'Abrir las solicitudes',
  signingCertificate: 'El certificado de firma de Apple Wallet',
  apnsKey: 'La clave de APNs',
  credentialExpired: '{credential} caducó el {day}',
  credentialExpires: '{credential} caduca el {day}, dentro de {days, plural, one {# día} many {# días} other {# días}}',
  expiredConsequence: 'Ya no se pueden firmar ni actualizar pases de Apple Wallet con él.',
  expiringConsequence: 'Renuévalo antes de esa fecha o los pases de Apple Wallet nuevos y actualizados dejarán de funcionar.',
  signingCertificateRenewal:
    'Crea un nuevo certificado Pass Type ID en la cuenta de Apple Developer, configura APPLE_SIGNER_CERT y APPLE_SIGNER_KEY con él (docs/wallet.md) y reinicia el servidor.',
  apnsKeyRenewal:
    'Crea una nueva clave de APNs en la cuenta de Apple Developer, configura APPLE_APNS_KEY_ID, APPLE_APNS_KEY y APPLE_APNS_KEY_EXPIRES_AT con ella (docs/wallet.md) y reinicia el servidor.',
  footer: 'Recibes este correo porque administras este servicio.',
};
