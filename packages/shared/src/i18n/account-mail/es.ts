import type { AccountMailCatalog } from './en';

export const accountMailSpanish: AccountMailCatalog = {
  greeting: 'Hola:',
  greetingNamed: 'Hola, {name}:',
  footer: 'Recibes este correo porque tienes una cuenta con nosotros.',
  welcomeSubject: '¡Bienvenido! Crea tu primera tarjeta de visita digital',
  welcomeTitle: 'Bienvenido',
  welcomeText: 'Te damos la bienvenida. Aún no tienes ninguna tarjeta: crea tu tarjeta de visita digital en un par de minutos y compártela por enlace, código QR o NFC.',
  createCard: 'Crear tu tarjeta',
  seePlans: 'Ver planes',
  notYou: 'Si no lo has pedido tú, ignora este correo: no cambia nada.',
  resetSubject: 'Restablece tu contraseña',
  resetText:
    'Alguien ha pedido restablecer la contraseña de tu cuenta. El enlace funciona una sola vez, durante {minutes, plural, one {# minuto} many {# minutos} other {# minutos}}. Al elegir una contraseña nueva se cierra tu sesión en todos los demás sitios.',
  resetLabel: 'Elegir una contraseña nueva',
  verifySubject: 'Confirma tu dirección de correo electrónico',
  verifyChangeSubject: 'Confirma tu nueva dirección de correo electrónico',
  verifyText: 'Confirma tu dirección de correo electrónico. Hasta entonces no enviaremos invitaciones ni avisos de contactos en tu nombre.',
  verifyChangeText: 'Confirma esta dirección para que sea el correo de inicio de sesión de tu cuenta. Hasta entonces se mantiene tu dirección actual.',
  verifyLabel: 'Confirmar dirección de correo',
  changeSubject: 'Se está cambiando tu dirección de correo electrónico',
  changeTitle: 'Cambio de dirección de correo electrónico',
  changeText: 'Alguien que ha iniciado sesión en tu cuenta ha pedido cambiar su dirección de correo a {newEmail}. El cambio se hará cuando se confirme esa dirección.',
  changeAdvice: 'Si no has sido tú, inicia sesión y cambia tu contraseña ahora:',
  openSettings: 'Abrir ajustes',
};
