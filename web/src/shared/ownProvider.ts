// A page's provider sends the calls of one moment as one JSON-RPC batch, and at a new block that moment is the page's
// reads of the block (its action checks and the like): a move's requests (estimate, nonce, fees, send) or a receipt
// asked in it came back only with the slowest of them. The move's requests go through a twin of the page's provider
// instead: the same node and network, batching only among themselves. One twin per page provider, shared by the seat's
// wallet (seatWallet.ts `sendVia`) and the receipt reads (confirm.ts).
import { JsonRpcProvider, type Provider } from "ethers";

const twins = new WeakMap<JsonRpcProvider, JsonRpcProvider>();
const own = new WeakSet<Provider>();

/** The twin of `provider` for a move's own requests (itself if it is one, or not a JSON-RPC provider). */
export function ownProvider(provider: Provider): Provider {
  if (own.has(provider) || !(provider instanceof JsonRpcProvider)) return provider;
  let twin = twins.get(provider);
  if (!twin) {
    let network;
    try {
      network = provider._network;
    } catch {
      return provider; // its network not known yet: as it is
    }
    twin = new JsonRpcProvider(provider._getConnection(), network, {
      staticNetwork: network,
      pollingInterval: provider.pollingInterval,
      // (A move's requests of one moment still go as one batch: a browser opens at most six connections to a host.)
      batchMaxCount: 50,
      // No result cache: a read right after a mined transaction must see it.
      cacheTimeout: -1,
    });
    twins.set(provider, twin);
    own.add(twin);
  }
  return twin;
}
