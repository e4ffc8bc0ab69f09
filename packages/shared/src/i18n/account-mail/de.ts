import type { AccountMailCatalog } from './en';

export const accountMailGerman: AccountMailCatalog = {
  greeting: 'Hallo,',
  greetingNamed: 'Hallo {name},',
  footer: 'Sie erhalten diese E-Mail, weil Sie bei uns ein Konto haben.',
  welcomeSubject: 'Willkommen! Erstellen Sie Ihre erste digitale Visitenkarte',
  welcomeTitle: 'Willkommen',
  welcomeText: 'Schön, dass Sie da sind. Sie haben noch keine Karte: Erstellen Sie Ihre digitale Visitenkarte in wenigen Minuten und teilen Sie sie per Link, QR-Code oder NFC.',
  createCard: 'Karte erstellen',
  seePlans: 'Tarife ansehen',
  notYou: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Es ändert sich nichts.',
  resetSubject: 'Passwort zurücksetzen',
  resetText:
    'Jemand hat angefordert, das Passwort Ihres Kontos zurückzusetzen. Der Link funktioniert einmal, {minutes, plural, one {# Minute} other {# Minuten}} lang. Mit einem neuen Passwort werden Sie überall sonst abgemeldet.',
  resetLabel: 'Neues Passwort wählen',
  verifySubject: 'Bestätigen Sie Ihre E-Mail-Adresse',
  verifyChangeSubject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
  verifyText: 'Bestätigen Sie Ihre E-Mail-Adresse. Bis dahin versenden wir in Ihrem Namen keine Einladungen und keine Lead-Benachrichtigungen.',
  verifyChangeText: 'Bestätigen Sie diese Adresse, um sie zur Anmelde-E-Mail Ihres Kontos zu machen. Bis dahin bleibt Ihre bisherige Adresse.',
  verifyLabel: 'E-Mail-Adresse bestätigen',
  changeSubject: 'Ihre E-Mail-Adresse wird geändert',
  changeTitle: 'Änderung der E-Mail-Adresse',
  changeText: 'Jemand, der in Ihrem Konto angemeldet ist, möchte dessen E-Mail-Adresse in {newEmail} ändern. Die Änderung gilt, sobald diese Adresse bestätigt ist.',
  changeAdvice: 'Wenn Sie das nicht waren, melden Sie sich an und ändern Sie sofort Ihr Passwort:',
  openSettings: 'Einstellungen öffnen',
};
