// Forking Hex knowledge in one import: board geometry and path search, a game read from chain, text rendering.
export * from "./board";
export * from "./game";
export * from "./render";
