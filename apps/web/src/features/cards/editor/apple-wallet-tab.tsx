import { WalletTab } from './wallet-tab';

/** The editor's apple-wallet tab. */
export default function CardAppleWalletTab() {
  return <WalletTab vendor="apple" />;
}
