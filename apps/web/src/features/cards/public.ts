// The cards feature's public entry: what other features may use. Everything else in this folder is its own.
export { CardGrid } from './components/card-grid';
export { teamCardEditorPath } from './card-paths';
export { useCards } from './api/list-cards';
