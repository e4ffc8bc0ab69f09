/** The answers a visitor or device gets for a card that offers no pass, or a pass that takes no more devices. */
export const walletMessages = {
  noApplePass: 'This card offers no Apple Wallet pass.',
  noGooglePass: 'This card offers no Google Wallet pass.',
  passFull: 'This pass has reached the limit of devices that receive its updates.',
} as const;
