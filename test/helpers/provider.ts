// The JSON-RPC provider the tests use against a node that mines on demand (anvil or Hardhat's node in automine). A
// transaction's wait() asks for its receipt on a timer until it comes, instead of at each new block as ethers does:
// ethers looks once, then polls per block, and its block poller's first look only notes the head. A transaction mined
// between the two looks, with no block after it on an idle node, was never seen: a test then hung until mocha's
// timeout (the CATAMM e2e, 600 s, on CI; the EIP-7702 keys test).
import { JsonRpcProvider, type Subscriber, type Subscription } from "ethers";

/** How often a waited-for transaction's receipt is asked, ms. */
const RECEIPT_POLL_MS = 250;

/** Asks for one transaction's receipt every {@link RECEIPT_POLL_MS} and emits it (ethers' event: the hash). */
class ReceiptPoller implements Subscriber {
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(
    private readonly provider: JsonRpcProvider,
    private readonly hash: string,
  ) {}

  private async poll(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const receipt = await this.provider.getTransactionReceipt(this.hash);
      if (receipt) await this.provider.emit(this.hash, receipt);
    } catch {
      // Asked again at the next tick (a node still busy, a dropped connection).
    } finally {
      this.busy = false;
    }
  }

  start(): void {
    if (this.timer) return;
    void this.poll();
    this.timer = setInterval(() => void this.poll(), RECEIPT_POLL_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  pause(): void {
    this.stop();
  }

  resume(): void {
    this.start();
  }
}

export class TestProvider extends JsonRpcProvider {
  override _getSubscriber(sub: Subscription): Subscriber {
    if (sub.type === "transaction") return new ReceiptPoller(this, sub.hash);
    return super._getSubscriber(sub);
  }
}
