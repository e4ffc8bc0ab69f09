import { WalletTab } from './wallet-tab';

/** The editor's google-wallet tab. */
export default function CardGoogleWalletTab() {
  return <WalletTab vendor="google" />;
}
