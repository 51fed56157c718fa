// The consoles' and projectors' indexer: where it is on this page's origin, and what the pages say when the app is
// served without one. Their reads are data/class.ts and data/session.ts, through data/useSnapshot.ts.
import type { ReactNode } from "react";
import { stackUrl } from "../../../../client/common/stack";
import { stackConfig } from "../../shared/deployments";

/** The indexer's base URL on this page's origin (`…/indexer`), or null when the page's stack runs none. */
export function indexerBase(): string | null {
  const stack = stackConfig();
  return stack?.indexer ? stackUrl(window.location.origin, stack.indexer) : null;
}

/** Its children, or why there is no indexer to read (a page served without the class stack's gateway). */
export function IndexerProvider({ children }: { children: ReactNode }) {
  if (!indexerBase())
    return (
      <p className="danger" data-testid="no-indexer">
        This page reads the indexer, and this app is not served with one: start it with <code>npm run web</code> (the
        gateway serves the indexer at /indexer).
      </p>
    );
  return <>{children}</>;
}
