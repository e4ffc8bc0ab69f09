/** The exact user-facing texts of the pricing screen, the paid-feature overlay, the plan dialogs and their errors. */

export const pricingScreenTexts = {
  title: 'Choose your pricing plan',
  payMonthly: 'Pay Monthly',
  payYearly: 'Pay Yearly',
  // The note beside the switch ("2 months for free") is computed from the prices: yearlySavingText in prices.ts.
  /** With Stripe, before its prices could ever be read: no amount is better than a wrong one. */
  pricesUnavailable: 'Prices are unavailable right now. The checkout shows the price before you pay.',
  currentPlan: 'Current plan',
  getQuote: 'Get a quote',
  readMore: 'Read more',
  collapse: 'Collapse',
  newBadge: 'New',
  skip: 'Skip',
  next: 'Next',
} as const;

export const paidFeatureTexts = {
  title: 'This is a Paid feature',
  message: 'Upgrade your account to use this feature',
  upgrade: 'Upgrade',
} as const;

export const downgradeDialogTexts = {
  title: 'Are you sure you want to downgrade?',
  cancel: 'Cancel',
  confirm: 'Downgrade',
} as const;

export const pricingModelChangeDialogTexts = {
  title: 'Are you sure you want to change the pricing model?',
  cancel: 'Cancel',
  confirm: 'Confirm',
} as const;

export const downgradeSuccessTexts = {
  title: 'Plan downgraded successfully!',
  goToCards: 'Go to digital cards',
} as const;

/** The error when the payment portal gives no link back. */
export const paymentPortalNoUrlText = 'No url returned';
