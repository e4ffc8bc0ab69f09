import type { OperatorMailCatalog } from './en';

export const operatorMailBrazilianPortuguese: OperatorMailCatalog = {
  customDesignTitle: 'Nova solicitação de cartão personalizado',
  quoteTitle: 'Nova solicitação de orçamento',
  customDesignSubject: 'Nova solicitação de cartão personalizado: {name}',
  quoteSubject: 'Nova solicitação de orçamento: {name}',
  someone: 'Alguém',
  name: 'Nome',
  email: 'E-mail',
  phone: 'Telefone',
  company: 'Empresa',
  quantity: 'Quantidade',
  material: 'Material',
  finish: 'Acabamento',
  cardCount: 'Número de cartões',
  notes: 'Observações',
  materialPvc: 'PVC',
  materialMetal: 'Metal',
  materialWood: 'Madeira',
  materialRecycled: 'Plástico reciclado',
  finishMatte: 'Fosco',
  finishGlossy: 'Brilhante',
  finishSoftTouch: 'Toque suave',
  filesAttached:
    '{count, plural, one {# arquivo anexado no console.} many {# arquivos anexados no console.} other {# arquivos anexados no console.}}',
  openRequests: 'Abrir as solicitações',
  signingCertificate: 'O certificado de assinatura do Apple Wallet',
  apnsKey: 'A chave de APNs',
  credentialExpired: '{credential} expirou em {day}',
  credentialExpires: '{credential} expira em {day}, daqui a {days, plural, one {# dia} many {# dias} other {# dias}}',
  expiredConsequence: 'Os passes do Apple Wallet não podem mais ser assinados nem atualizados com ele.',
  expiringConsequence: 'Renove antes disso, ou os passes novos e atualizados do Apple Wallet deixarão de funcionar.',
  signingCertificateRenewal:
    'Crie um novo certificado Pass Type ID na conta Apple Developer, defina APPLE_SIGNER_CERT e APPLE_SIGNER_KEY com ele (docs/wallet.md) e reinicie o servidor.',
  apnsKeyRenewal:
    'Crie uma nova chave de APNs na conta Apple Developer, defina APPLE_APNS_KEY_ID, APPLE_APNS_KEY e APPLE_APNS_KEY_EXPIRES_AT com ela (docs/wallet.md) e reinicie o servidor.',
  footer: 'Você recebe este e-mail porque opera este serviço.',
};
