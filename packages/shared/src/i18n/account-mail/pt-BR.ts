import type { AccountMailCatalog } from './en';

export const accountMailBrazilianPortuguese: AccountMailCatalog = {
  greeting: 'Olá,',
  greetingNamed: 'Olá, {name},',
  footer: 'Você recebe este e-mail porque tem uma conta conosco.',
  welcomeSubject: 'Boas-vindas! Crie seu primeiro cartão de visita digital',
  welcomeTitle: 'Boas-vindas',
  welcomeText: 'Que bom ter você aqui. Você ainda não tem um cartão: crie seu cartão de visita digital em poucos minutos e compartilhe por link, código QR ou NFC.',
  createCard: 'Criar seu cartão',
  seePlans: 'Ver planos',
  notYou: 'Se não foi você que pediu, ignore este e-mail: nada muda.',
  resetSubject: 'Redefina sua senha',
  resetText:
    'Alguém pediu para redefinir a senha da sua conta. O link funciona uma vez, por {minutes, plural, one {# minuto} many {# minutos} other {# minutos}}. Ao escolher uma nova senha, você sai de todos os outros dispositivos.',
  resetLabel: 'Escolher uma nova senha',
  verifySubject: 'Confirme seu endereço de e-mail',
  verifyChangeSubject: 'Confirme seu novo endereço de e-mail',
  verifyText: 'Confirme seu endereço de e-mail. Até lá, não enviamos convites nem avisos de novos contatos em seu nome.',
  verifyChangeText: 'Confirme este endereço para que ele seja o e-mail de acesso da sua conta. Até lá, seu endereço atual continua valendo.',
  verifyLabel: 'Confirmar endereço de e-mail',
  changeSubject: 'Seu endereço de e-mail está sendo alterado',
  changeTitle: 'Alteração do endereço de e-mail',
  changeText: 'Alguém conectado à sua conta pediu para alterar o endereço de e-mail dela para {newEmail}. A alteração acontece assim que esse endereço for confirmado.',
  changeAdvice: 'Se não foi você, entre e altere sua senha agora:',
  openSettings: 'Abrir configurações',
};
