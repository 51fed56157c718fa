// Command-line helpers shared by the Snatch tasks (rooms and tournament). `import type` only from typechain-types.
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { ContractTransactionResponse, Interface, Signer } from "ethers";

/** --from: an account index of the network's signers (default 0) or an address among them. */
export async function signer(hre: HardhatRuntimeEnvironment, from: string): Promise<Signer> {
  if (/^0x[0-9a-fA-F]{40}$/.test(from)) return hre.ethers.getSigner(from);
  const signers = await hre.ethers.getSigners();
  const index = Number(from);
  if (!Number.isInteger(index) || index < 0 || index >= signers.length) {
    throw new Error(`--from ${from}: not an account index (0..${signers.length - 1}) nor an address`);
  }
  return signers[index];
}

/**
 * Sends a transaction and prints the events it emitted that `interfaces` know, as `Name(arg=value, ...)`; a revert
 * is rethrown as `reverted: ErrorName(args)`. `format` may rewrite an argument's printed value.
 */
export async function sendAndPrint(
  interfaces: Interface[],
  pending: Promise<ContractTransactionResponse>,
  format: (name: string, type: string, value: unknown) => string | undefined = () => undefined,
): Promise<void> {
  let tx: ContractTransactionResponse;
  try {
    tx = await pending;
  } catch (e) {
    // Show the contract's custom error (e.g. NotOrganiser(1, 0x...)) rather than a stack trace.
    const revert = (e as { revert?: { name: string; args: unknown[] } }).revert;
    if (revert) throw new Error(`reverted: ${revert.name}(${revert.args.map(String).join(", ")})`);
    const text = (e as Error).message.match(/reverted with custom error '([^']+)'/);
    if (text) throw new Error(`reverted: ${text[1]}`);
    throw e;
  }
  const receipt = await tx.wait();
  console.log(`tx ${tx.hash} (block ${receipt!.blockNumber}, gas ${receipt!.gasUsed})`);
  for (const log of receipt!.logs) {
    for (const iface of interfaces) {
      let parsed;
      try {
        parsed = iface.parseLog(log);
      } catch {
        continue;
      }
      if (!parsed) continue;
      const args = parsed.fragment.inputs.map((input, i) => {
        const v = parsed!.args[i];
        return `${input.name}=${format(input.name, input.type, v) ?? String(v)}`;
      });
      console.log(`  ${parsed.name}(${args.join(", ")})`);
      break;
    }
  }
}
