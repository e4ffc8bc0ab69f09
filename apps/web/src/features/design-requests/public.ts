// The design requests feature's public entry: what other features may use. Everything else in this folder is its own.
export { useCardOptionLabels, type CardOptionLabels } from './card-option-labels';
