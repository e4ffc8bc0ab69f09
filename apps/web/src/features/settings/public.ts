// The settings feature's public entry: the titled panel other features' settings screens use.
export { SettingsPanel } from './components/settings-panel';
export { changePassword } from './api/change-password';
