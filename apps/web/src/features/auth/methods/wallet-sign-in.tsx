import { useSession } from '../../../lib/session-context.tsx';
import { MethodButton } from './method-button.tsx';

/** The part of an EIP-1193 provider (what wallets inject as `window.ethereum`) used here. */
type EthereumProvider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

function ethereumProvider(): EthereumProvider | undefined {
  return (window as Window & { ethereum?: EthereumProvider }).ethereum;
}

export function hasEthereumWallet(): boolean {
  return ethereumProvider() !== undefined;
}

/**
 * Sign-In with Ethereum: the wallet names its account, the identity service writes the message
 * (SIWE), the wallet signs it, and the service checks the signature.
 */
export function WalletSignIn({ label }: { label: string }) {
  const { client, config } = useSession();

  async function signIn() {
    const wallet = ethereumProvider();
    if (!wallet) throw new Error('No Ethereum wallet is available in this browser.');
    const [address] = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
    if (!address) throw new Error('The wallet shared no account.');
    const walletType = 'ethereum';
    const { challenge } = await client.cryptoWallets.authenticateStart({
      crypto_wallet_address: address,
      crypto_wallet_type: walletType,
    });
    // The plain message, as the sign-in client's own wallet screens pass it to personal_sign.
    const signature = (await wallet.request({
      method: 'personal_sign',
      params: [challenge, address],
    })) as string;
    await client.cryptoWallets.authenticate({
      crypto_wallet_address: address,
      crypto_wallet_type: walletType,
      signature,
      session_duration_minutes: config.signIn.sessionMinutes,
    });
  }

  return <MethodButton label={label} pendingLabel="Waiting for your wallet…" signIn={signIn} />;
}
