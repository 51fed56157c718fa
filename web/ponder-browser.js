// What indexer/ponder.schema.ts imports from "ponder", for the browser: the table builders only (the schema is
// shared with @ponder/client's queries). The "ponder" package's entry pulls its server (Node modules) in with them;
// web/vite.config.ts points the bare "ponder" import here. Type-checking still sees the real package.
export { onchainTable, onchainView, onchainEnum, primaryKey } from "../node_modules/ponder/dist/esm/drizzle/onchain.js";
export { index, uniqueIndex } from "drizzle-orm/pg-core";
