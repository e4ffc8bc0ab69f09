import type { SecurityMailCatalog } from './en';

export const securityMailBrazilianPortuguese: SecurityMailCatalog = {
  passwordChanged: 'Sua senha foi alterada',
  twoFactorDisabled: 'A verificação em duas etapas foi desativada',
  googleAdded: 'O login com o Google foi adicionado',
  passkeyAdded: 'Uma chave de acesso foi adicionada',
  passwordAdded: 'Uma senha foi adicionada',
  googleRemoved: 'O login com o Google foi removido',
  passkeyRemoved: 'Uma chave de acesso foi removida',
  passwordRemoved: 'A senha foi removida',
  apiKeyCreated: 'Uma nova chave de API foi criada',
  appConnected: '{app} foi conectado à sua conta',
  someApp: 'Um aplicativo',
  passwordResetText:
    'A senha da sua conta foi redefinida em {at} pelo link “Esqueceu a senha?”. A sessão foi encerrada em todos os dispositivos que estavam conectados.',
  passwordChangedText: 'A senha da sua conta foi alterada nas Configurações em {at}. A sessão foi encerrada em todos os outros dispositivos.',
  twoFactorDisabledText: 'A verificação em duas etapas da sua conta foi desativada em {at}. Agora, para entrar, basta a senha.',
  twoFactorResetByOperatorText:
    'A verificação em duas etapas da sua conta foi desativada em {at}. Para ajudar você a recuperar o acesso à sua conta, o operador deste serviço a desativou, removeu suas chaves de acesso e encerrou a sessão em todos os dispositivos. Agora, para entrar, basta a senha.',
  googleAddedText: 'O login com o Google foi adicionado à sua conta em {at}. Agora ele pode ser usado para entrar.',
  googleAccountAddedText: 'O login com o Google ({account}) foi adicionado à sua conta em {at}. Agora ele pode ser usado para entrar.',
  passkeyAddedText: 'Uma chave de acesso foi adicionada à sua conta em {at}. Agora ela pode ser usada para entrar.',
  namedPasskeyAddedText: 'A chave de acesso “{name}” foi adicionada à sua conta em {at}. Agora ela pode ser usada para entrar.',
  passwordAddedText: 'Uma senha foi adicionada à sua conta em {at}. Agora ela pode ser usada para entrar.',
  googleRemovedText: 'O login com o Google foi removido da sua conta em {at}. Ele não pode mais ser usado para entrar.',
  googleAccountRemovedText: 'O login com o Google ({account}) foi removido da sua conta em {at}. Ele não pode mais ser usado para entrar.',
  passkeyRemovedText: 'A chave de acesso foi removida da sua conta em {at}. Ela não pode mais ser usada para entrar.',
  namedPasskeyRemovedText: 'A chave de acesso “{name}” foi removida da sua conta em {at}. Ela não pode mais ser usada para entrar.',
  passwordRemovedText: 'A senha foi removida da sua conta em {at}. Ela não pode mais ser usada para entrar.',
  apiKeyCreatedText:
    'Uma nova chave de API foi criada para sua conta em {at}. Ela dá acesso aos dados da sua conta pela API até ser revogada em Configurações → Integrações.',
  namedApiKeyCreatedText:
    'Uma nova chave de API, “{name}”, foi criada para sua conta em {at}. Ela dá acesso aos dados da sua conta pela API até ser revogada em Configurações → Integrações.',
  appConnectedText:
    '{app} foi conectado à sua conta em {at}. Ele tem acesso aos dados da sua conta até ser desconectado em Configurações → Integrações.',
  stillAccess: 'Os itens abaixo ainda têm acesso à sua conta. Revogue o que você não reconhecer:',
  apiKeys: 'Chaves de API',
  connectedApps: 'Aplicativos conectados',
  webhooks: 'Webhooks',
  signedInDevices: 'Dispositivos conectados',
  apiKeyLine: '{name} — criada em {created}, usada pela última vez em {used}',
  unusedApiKeyLine: '{name} — criada em {created}, nunca usada',
  appLine: '{name} — conectado em {connected}',
  noDevices: 'Nenhum: a redefinição encerrou a sessão em todos os dispositivos.',
  none: 'Nenhum',
  reviewAccess: 'Revisar acessos',
  notYou:
    'Se não foi você, redefina sua senha agora: escolha “Esqueceu a senha?” na página de login. Depois, confira Configurações → Geral: seus dispositivos conectados, seu endereço de e-mail e a verificação em duas etapas.',
  forgotPassword: 'Esqueceu a senha?',
  openSettings: 'Abrir Configurações → Geral',
  settingsGeneral: 'Configurações → Geral',
  footer: 'Você recebe este e-mail porque as configurações de segurança da sua conta foram alteradas.',
};
