// The indexer's client (@ponder/client): SQL over HTTP against the gateway's same-origin /indexer (scripts/web/
// gateway.ts proxies it to Ponder's /sql/*), typed by the indexer's own schema (indexer/ponder.schema.ts: the tables
// and their columns are written once). Null when the page is not served by the gateway or the stack runs no
// indexer: the lists then say so (moves never need the indexer).
import { createClient, type Client } from "@ponder/client";
import * as schema from "../../../indexer/ponder.schema";
import { stackConfig } from "../shared/deployments";
import { stackUrl } from "../../../client/common/stack";

export { schema };
export type IndexerClient = Client<typeof schema>;

/** The indexer's SQL endpoint on this page's origin, or null when there is none. */
export function indexerSqlUrl(): string | null {
  const stack = stackConfig();
  if (!stack?.indexer) return null;
  return stackUrl(window.location.origin, `${stack.indexer.replace(/\/$/, "")}/sql`);
}

let shared: IndexerClient | undefined;

/** The page's one indexer client. */
export function indexerClient(): IndexerClient {
  shared ??= createClient(indexerSqlUrl() ?? stackUrl(window.location.origin, "/indexer/sql"), { schema });
  return shared;
}
