// The class stack's keys (docs/class.md, "Which keys live where"). The accounts that deploy and own the contracts, pay
// the faucet and act as the teacher are the node's own accounts; on a stack served to the room's network they come
// from a fresh random mnemonic generated on this machine for this stack and never served, so that no phone knows a
// key that matters (the development mnemonic, "test test … junk", is public: on that stack it holds and owns
// nothing). anvil gets the phrase as an argument, Hardhat's node by environment (WEB_NODE_MNEMONIC, read by
// hardhat.config.ts); the deploy, the randomness keeper and the teacher's `--network localhost` tasks sign through
// the node's unlocked accounts on loopback, so they need no key. Plain Node, no Hardhat import.
import { getAddress, HDNodeWallet, Mnemonic, randomBytes } from "ethers";
import { rpc } from "./stack";

/** Anvil's and Hardhat's development accounts (public: every development key is known to everybody). */
export const DEV_MNEMONIC = "test test test test test test test test test test test junk";

/** The environment variable that hands Hardhat's node (its `hardhat` network) its accounts' mnemonic. */
export const NODE_MNEMONIC_ENV = "WEB_NODE_MNEMONIC";

/** How many accounts a web stack's node has (as Hardhat's node: 20). */
export const NODE_ACCOUNTS = 20;

/** A new 12-word BIP-39 phrase from 128 bits of this machine's cryptographic randomness. */
export function freshMnemonic(): string {
  return Mnemonic.fromEntropy(randomBytes(16)).phrase;
}

/** The first `count` accounts of `phrase` (m/44'/60'/0'/0/i, as anvil and Hardhat derive them), as wallets. */
export function accountsOf(phrase: string, count = NODE_ACCOUNTS): HDNodeWallet[] {
  const root = HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(phrase), "m/44'/60'/0'/0");
  return Array.from({ length: count }, (_, i) => root.deriveChild(i));
}

let devAddresses: Set<string> | undefined;

/** Whether `address` is one of the development mnemonic's first accounts (lower-case compare). */
export function isDevAccount(address: string): boolean {
  devAddresses ??= new Set(accountsOf(DEV_MNEMONIC).map((w) => w.address.toLowerCase()));
  return devAddresses.has(address.toLowerCase());
}

/**
 * Refuses, with a sentence, to serve a node to the room's network when its accounts are the development mnemonic's:
 * their keys are public, so any phone could sign as the deployer, the faucet or the teacher.
 */
export async function checkNodeKeys(nodeUrl: string): Promise<void> {
  const accounts = await rpc<string[]>(nodeUrl, "eth_accounts");
  const dev = accounts.filter(isDevAccount);
  if (dev.length > 0) {
    throw new Error(
      `--lan: the node at ${nodeUrl} has the development accounts (${getAddress(dev[0]!)}${dev.length > 1 ? ` and ${dev.length - 1} more` : ""}), ` +
        "whose keys are public: a phone could sign as them. Stop that node and let `npm run web -- --lan` start its " +
        "own, with keys nobody else has",
    );
  }
}
