// PostgreSQL's parser compiled to WebAssembly (the one Ponder's SQL allow-list uses): it ships no types.
declare module "pg-query-emscripten" {
  const load: () => Promise<{ parse: (sql: string) => unknown }>;
  export default load;
}
