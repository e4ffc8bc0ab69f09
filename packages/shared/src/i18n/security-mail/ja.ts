import type { SecurityMailCatalog } from './en';

export const securityMailJapanese: SecurityMailCatalog = {
  passwordChanged: 'パスワードが変更されました',
  twoFactorDisabled: '2段階認証がオフになりました',
  googleAdded: 'Googleでのサインインが追加されました',
  passkeyAdded: 'パスキーが追加されました',
  passwordAdded: 'パスワードが設定されました',
  googleRemoved: 'Googleでのサインインが削除されました',
  passkeyRemoved: 'パスキーが削除されました',
  passwordRemoved: 'パスワードが削除されました',
  apiKeyCreated: '新しいAPIキーが作成されました',
  appConnected: '{app}がアカウントに連携されました',
  someApp: 'アプリ',
  passwordResetText:
    '{at}に、「パスワードをお忘れですか？」のリンクからアカウントのパスワードが再設定されました。サインインしていたすべての端末からサインアウトされています。',
  passwordChangedText: '{at}に、設定からアカウントのパスワードが変更されました。他のすべての端末からサインアウトされています。',
  twoFactorDisabledText: '{at}に、アカウントの2段階認証がオフになりました。今後はパスワードだけでサインインできます。',
  twoFactorResetByOperatorText:
    '{at}に、アカウントの2段階認証がオフになりました。アカウントに再びアクセスしていただけるよう、当サービスの運営者が2段階認証をオフにし、パスキーを削除して、すべての端末からサインアウトしました。今後はパスワードだけでサインインできます。',
  googleAddedText: '{at}に、アカウントにGoogleでのサインインが追加されました。今後はGoogleでサインインできます。',
  googleAccountAddedText: '{at}に、アカウントにGoogleでのサインイン（{account}）が追加されました。今後はGoogleでサインインできます。',
  passkeyAddedText: '{at}に、アカウントにパスキーが追加されました。今後はこのパスキーでサインインできます。',
  namedPasskeyAddedText: '{at}に、アカウントにパスキー「{name}」が追加されました。今後はこのパスキーでサインインできます。',
  passwordAddedText: '{at}に、アカウントにパスワードが設定されました。今後はこのパスワードでサインインできます。',
  googleRemovedText: '{at}に、アカウントからGoogleでのサインインが削除されました。今後はGoogleでサインインできません。',
  googleAccountRemovedText: '{at}に、アカウントからGoogleでのサインイン（{account}）が削除されました。今後はGoogleでサインインできません。',
  passkeyRemovedText: '{at}に、アカウントからパスキーが削除されました。今後はこのパスキーでサインインできません。',
  namedPasskeyRemovedText: '{at}に、アカウントからパスキー「{name}」が削除されました。今後はこのパスキーでサインインできません。',
  passwordRemovedText: '{at}に、アカウントからパスワードが削除されました。今後はパスワードでサインインできません。',
  apiKeyCreatedText:
    '{at}に、アカウントの新しいAPIキーが作成されました。「設定 → 連携」で無効にするまで、このキーはAPIを通じてアカウントのデータにアクセスできます。',
  namedApiKeyCreatedText:
    '{at}に、アカウントの新しいAPIキー「{name}」が作成されました。「設定 → 連携」で無効にするまで、このキーはAPIを通じてアカウントのデータにアクセスできます。',
  appConnectedText:
    '{at}に、{app}がアカウントに連携されました。「設定 → 連携」で連携を解除するまで、このアプリはアカウントのデータにアクセスできます。',
  stillAccess: '以下は現在もアカウントにアクセスできます。心当たりのないものは無効にしてください：',
  apiKeys: 'APIキー',
  connectedApps: '連携中のアプリ',
  webhooks: 'Webhook',
  signedInDevices: 'サインイン中の端末',
  apiKeyLine: '{name} — 作成：{created}、最終使用：{used}',
  unusedApiKeyLine: '{name} — 作成：{created}、未使用',
  appLine: '{name} — 連携：{connected}',
  noDevices: 'なし：パスワードの再設定により、すべての端末からサインアウトされました。',
  none: 'なし',
  reviewAccess: 'アクセスを確認',
  notYou:
    'お心当たりがない場合は、今すぐパスワードを再設定してください。サインインページで「パスワードをお忘れですか？」を選択します。その後、「設定 → 一般」でサインイン中の端末、メールアドレス、2段階認証を確認してください。',
  forgotPassword: 'パスワードをお忘れですか？',
  openSettings: '「設定 → 一般」を開く',
  settingsGeneral: '設定 → 一般',
  footer: 'このメールは、アカウントのセキュリティ設定が変更されたためお送りしています。',
};
