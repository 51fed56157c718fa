// Ponder's checkpoint string, read without the client library so that Node's tests can import it.

/** The block number in a Ponder checkpoint (10 digits of timestamp, 16 of chain id, then 16 of block number). */
export function checkpointBlock(checkpoint: string): number {
  return Number(checkpoint.slice(26, 42));
}
