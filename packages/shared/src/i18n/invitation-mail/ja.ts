import type { InvitationMailCatalog } from './en';

export const invitationMailJapanese: InvitationMailCatalog = {
  subject: '{inviter}さんから{team}への招待が届きました',
  teamOf: '{owner}さんのチーム',
  someTeam: 'チーム',
  title: 'チームへの招待',
  heading: '招待が届いています',
  sentence: '{inviter}さんが、{team}に{role, select, admin {管理者} other {メンバー}}として参加するよう招待しました。',
  howTo: 'メールアドレスとパスワード、またはGoogleで承諾してください。リンクは{date}まで有効です。',
  accept: '招待を承諾',
  notExpected: 'この招待にお心当たりがない場合は、このメールを無視してください。',
  footer: 'このメールは、あなたがチームに招待されたためお送りしています。',
};
