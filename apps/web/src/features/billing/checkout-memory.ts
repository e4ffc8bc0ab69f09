/**
 * Upgrades and plan changes send the user to the external payment checkout, with the chosen plan title
 * kept in session storage. The pricing screen reads it back when the checkout returns, to say what was
 * bought (and, after a downgrade through a checkout, to show the downgrade success).
 */
export const checkoutMemoryKey = 'cardstack.checkout';

export type CheckoutKind = 'upgrade' | 'change' | 'downgrade';

export interface CheckoutMemory {
  planTitle: string;
  kind: CheckoutKind;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be switched off by the browser; the round trip then just shows less.
    return null;
  }
}

export function rememberCheckout(memory: CheckoutMemory, storage: KeyValueStorage | null = defaultStorage()): void {
  try {
    storage?.setItem(checkoutMemoryKey, JSON.stringify(memory));
  } catch {
    // Full or blocked storage must not stop the checkout.
  }
}

/** What was chosen before the checkout; null when nothing (or something unreadable) was kept. */
export function readCheckoutMemory(storage: KeyValueStorage | null = defaultStorage()): CheckoutMemory | null {
  try {
    const raw = storage?.getItem(checkoutMemoryKey) ?? null;
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<CheckoutMemory>;
    if (typeof value.planTitle !== 'string' || !['upgrade', 'change', 'downgrade'].includes(value.kind ?? '')) return null;
    return { planTitle: value.planTitle, kind: value.kind as CheckoutKind };
  } catch {
    return null;
  }
}

/** Forgets it once the result has been shown, so a reload does not announce the same purchase twice. */
export function forgetCheckoutMemory(storage: KeyValueStorage | null = defaultStorage()): void {
  try {
    storage?.removeItem(checkoutMemoryKey);
  } catch {
    // Nothing to forget where nothing could be kept.
  }
}
