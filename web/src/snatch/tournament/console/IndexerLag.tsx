// One line on how current the indexer's picture is: in step with the chain, or how many blocks behind (after an
// indexer restart it catches up and the line counts down), or not answering.
import type { ClassData } from "./useClassData";

export function IndexerLag({ data }: { data: Pick<ClassData, "behind" | "indexed" | "head" | "error"> }) {
  if (data.error)
    return (
      <p className="danger small" data-testid="indexer-lag" data-behind="-1">
        {data.error}
      </p>
    );
  if (data.indexed === null)
    return (
      <p className="muted small" data-testid="indexer-lag" data-behind="-1">
        Asking the indexer how far it has read…
      </p>
    );
  // One block of difference is the indexer's polling: in step.
  if (data.behind <= 1)
    return (
      <p className="muted small" data-testid="indexer-lag" data-behind="0">
        Live: the indexer is in step with the chain (block {data.indexed.toLocaleString("en-US")}).
      </p>
    );
  return (
    <p className="notice small" data-testid="indexer-lag" data-behind={data.behind}>
      The indexer is {data.behind.toLocaleString("en-US")} blocks behind the chain (it has read up to block{" "}
      {data.indexed.toLocaleString("en-US")}, the chain is at {data.head.toLocaleString("en-US")}): what this page shows
      is that old, and it catches up by itself.
    </p>
  );
}
