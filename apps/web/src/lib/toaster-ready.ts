let markMounted: () => void = () => undefined;

/**
 * Resolves once the toaster is on screen: it loads as its own chunk after the app shell, and a toast raised
 * before it mounted would be lost (`notify` waits for it). Kept apart from the toast library so the shell can
 * import it without loading that library.
 */
export const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function markToasterMounted(): void {
  markMounted();
}
