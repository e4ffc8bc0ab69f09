// The settings feature's public entry: the titled panel other features' settings screens use, and the account's
// language and time zone.
export { SettingsPanel } from './components/settings-panel';
export { changePassword } from './api/change-password';
export { usePreferences } from './api/preferences';
