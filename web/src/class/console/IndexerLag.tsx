// One line on how current the page's picture is: the block its rooms were read at (one snapshot of the indexer), in
// step with the chain or how many blocks behind (after an indexer restart it catches up and the line counts down), or
// not answering.
import type { ClassData } from "./useClassData";

export function IndexerLag({ data }: { data: Pick<ClassData, "behind" | "indexed" | "asOf" | "head" | "error"> }) {
  if (data.error)
    return (
      <p className="danger small" data-testid="indexer-lag" data-behind="-1">
        {data.error}
      </p>
    );
  if (data.asOf === null)
    return (
      <p className="muted small" data-testid="indexer-lag" data-behind="-1">
        Asking the indexer how far it has read…
      </p>
    );
  // One block of difference is the indexer's polling: in step.
  if (data.behind <= 1)
    return (
      <p className="muted small" data-testid="indexer-lag" data-behind="0" data-as-of={data.asOf}>
        Live: in step with the chain (block {data.asOf.toLocaleString("en-US")}).
      </p>
    );
  return (
    <p className="notice small" data-testid="indexer-lag" data-behind={data.behind} data-as-of={data.asOf}>
      This page shows block {data.asOf.toLocaleString("en-US")}, {data.behind.toLocaleString("en-US")} blocks behind the
      chain (at {data.head.toLocaleString("en-US")}
      {data.indexed !== null && data.indexed > data.asOf
        ? `; the indexer has read up to ${data.indexed.toLocaleString("en-US")}`
        : ""}
      ): it catches up by itself.
    </p>
  );
}
