// The billing feature's public entry: what other features may use. Everything else in this folder is its own.
export { cardAccessQueryKey } from './api/billing-keys';
export { useCardAccess } from './api/card-access';
