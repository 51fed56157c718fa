// Does anvil answer a read at its latest block N with state of block N+1 while it mines N+1? One transfer is kept in
// the pool of a node mining a block a second, while a loop reads the receiver's balance (eth_getBalance and an eth_call
// of BALANCE) at the latest block number, and, with --below, at the block before it. Every answer is then read again,
// once the block is history, and the differing ones counted. Background for docs/testing.md ("Reading the chain at a
// block"). Usage: npx ts-node --transpile-only scripts/test/anvil-tip-race.ts [--seconds 20] [--below]
import { rpc, startAnvil } from "../web/stack";

const seconds = Number(process.argv[process.argv.indexOf("--seconds") + 1] || 20);
const below = process.argv.includes("--below");
const RECEIVER = "0x000000000000000000000000000000000000dead";
// Init code that returns BALANCE(RECEIVER): eth_call without `to` runs it and answers its return data.
const BALANCE_CODE = `0x73${RECEIVER.slice(2)}3160005260206000f3`;

async function main() {
  const node = await startAnvil({ blockTime: 1 });
  const [from] = await rpc<string[]>(node.url, "eth_accounts");
  const stop = Date.now() + seconds * 1000;
  const sending = (async () => {
    while (Date.now() < stop) {
      await rpc(node.url, "eth_sendTransaction", [{ from, to: RECEIVER, value: "0x1" }]);
      await new Promise((r) => setTimeout(r, 150));
    }
  })();
  const reads: { block: string; balance: string; call: string }[] = [];
  while (Date.now() < stop) {
    const latest = parseInt(await rpc<string>(node.url, "eth_blockNumber"), 16);
    const block = `0x${Math.max(0, below ? latest - 1 : latest).toString(16)}`;
    const [balance, call] = await Promise.all([
      rpc<string>(node.url, "eth_getBalance", [RECEIVER, block]),
      rpc<string>(node.url, "eth_call", [{ data: BALANCE_CODE }, block]),
    ]);
    reads.push({ block, balance, call });
  }
  await sending;
  await new Promise((r) => setTimeout(r, 1500));
  let differing = 0;
  for (const x of reads) {
    const settled = BigInt(await rpc<string>(node.url, "eth_getBalance", [RECEIVER, x.block]));
    if (BigInt(x.balance) !== settled || BigInt(x.call) !== settled) differing++;
  }
  await node.stop();
  console.log(
    `${reads.length} reads at ${below ? "the block before the latest" : "the latest block"}: ${differing} differ from the same block read later`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
