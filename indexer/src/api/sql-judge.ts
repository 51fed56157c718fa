// What a SQL read may be, judged before it runs (./sql-gate.ts applies it in front of Ponder's SQL middleware). On
// PGlite, the default database, a query runs in the indexer's own thread and cannot be interrupted, so a query that
// would run long must be refused before it starts. Ponder's own allow-list (read-only statements, a list of functions)
// still accepts VALUES lists and joins without a condition: a cross join of ten VALUES lists of ten rows each, under
// 600 characters, kept the indexer busy for good. The judge parses the query with the parser Ponder uses
// (pg-query-emscripten: PostgreSQL's own grammar) and refuses what the app never sends and what lets a short query do
// unbounded work:
//   - VALUES lists (rows made up in the query, any number of them);
//   - joins without a condition matching columns (`FROM a, b`, CROSS JOIN, NATURAL JOIN, `ON true`, `ON a.x > b.y`);
//   - subqueries in FROM and WITH (a value computed below and used many times above grows with each level);
//   - operators and functions that grow a value (`||`, concat, replace, JSON and ARRAY constructors, ROW) and the
//     regular-expression operators (their matching time is not the planner's to estimate);
//   - more than a few SELECTs, or tables, in one query.
// What is left reads the indexer's tables through conditions the planner can cost: the gate then asks it (EXPLAIN)
// and refuses a query above its bounds of rows and cost.

/** Most SELECTs in one query (the app's largest, the console's "who has moved", has two plus their subqueries). */
export const MAX_SELECTS = 6;
/** Most table references in one query (the app's most is 5: two SELECTs of two and three tables). */
export const MAX_TABLES = 6;
/** Longest query text (Ponder's own limit). */
export const MAX_SQL_LENGTH = 5_000;

/** Operators that make a longer value from shorter ones, or match regular expressions. */
const REFUSED_OPERATORS: Record<string, string> = {
  "||": "the || operator (it grows values)",
  "~": "regular expressions",
  "~*": "regular expressions",
  "!~": "regular expressions",
  "!~*": "regular expressions",
};

/** Functions (of Ponder's allowed list) that make a longer value from shorter ones. */
const REFUSED_FUNCTIONS = new Set([
  "concat",
  "replace",
  "json_agg",
  "json_object_agg",
  "json_array_agg",
  "json_build_array",
  "json_object",
  "json_array",
]);

/** Parse-tree nodes that are refused, with the sentence's words. */
const REFUSED_NODES: Record<string, string> = {
  A_ArrayExpr: "ARRAY constructors",
  RowExpr: "ROW constructors",
  JsonObjectConstructor: "JSON constructors",
  JsonArrayConstructor: "JSON constructors",
  JsonArrayQueryConstructor: "JSON constructors",
  JsonObjectAgg: "JSON constructors",
  JsonArrayAgg: "JSON constructors",
  RangeSubselect: "subqueries in FROM",
  RangeFunction: "functions in FROM",
  CommonTableExpr: "WITH (common table expressions)",
};

type Node = Record<string, unknown>;

const isObject = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);

/** The last name of a qualified name list ([{String: {sval}}] in the parse tree). */
function lastName(list: unknown): string {
  if (!Array.isArray(list) || list.length === 0) return "";
  const last = list[list.length - 1] as { String?: { sval?: string } };
  return last.String?.sval ?? "";
}

/** Whether `quals` (a join's ON condition) has, among its ANDed terms, an equality of two columns. */
function matchesColumns(quals: unknown): boolean {
  if (!isObject(quals)) return false;
  const expr = quals.A_Expr as Node | undefined;
  if (expr && expr.kind === "AEXPR_OP" && lastName(expr.name) === "=")
    return isObject(expr.lexpr) && "ColumnRef" in expr.lexpr && isObject(expr.rexpr) && "ColumnRef" in expr.rexpr;
  const bool = quals.BoolExpr as Node | undefined;
  if (bool && bool.boolop === "AND_EXPR" && Array.isArray(bool.args)) return bool.args.some(matchesColumns);
  return false;
}

/**
 * The parser (pg-query-emscripten: PostgreSQL's grammar compiled to WebAssembly, as Ponder's allow-list uses it; an
 * ES module, so the caller loads it: `(await (await import("pg-query-emscripten")).default()).parse`, a fresh one
 * per query: its heap is never freed, see ./sql-gate.ts).
 */
export type ParseSql = (sql: string) => {
  parse_tree: { stmts: { stmt?: Node }[] };
  error: { message: string } | null;
};

/** The judge's verdict: why the query is refused (null: it may go on to the planner), and the tables it reads. */
export interface Judgement {
  refused: string | null;
  tables: string[];
}

/**
 * Why `sql` is not a read the indexer answers (a sentence naming the construct), or null when it may go on to the
 * planner; and the tables it names. Never runs the query.
 */
export function judgeSql(sql: string, parse: ParseSql): Judgement {
  const no = (refused: string): Judgement => ({ refused, tables: [] });
  if (sql.length > MAX_SQL_LENGTH)
    return no(
      `the query is ${sql.length.toLocaleString("en-US")} characters long; the indexer reads queries of at most ${MAX_SQL_LENGTH.toLocaleString("en-US")}`,
    );
  const result = parse(sql);
  if (result.error) return no(`the query is not valid SQL (${result.error.message})`);
  const stmts = result.parse_tree.stmts;
  if (stmts.length !== 1 || !stmts[0].stmt) return no("one query at a time, please");
  if (!("SelectStmt" in stmts[0].stmt)) return no("the indexer answers SELECT queries only");

  let selects = 0;
  const tables = new Set<string>();
  let references = 0;
  const refused = new Set<string>();
  const refuse = (what: string) => void refused.add(what);
  const visit = (value: unknown, key: string): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, key);
      return;
    }
    if (!isObject(value)) return;
    // A SELECT: the wrapped node, or the branches of a UNION / INTERSECT / EXCEPT (plain select bodies).
    if (key === "SelectStmt" || ((key === "larg" || key === "rarg") && "op" in value)) {
      if (++selects > MAX_SELECTS) refuse(`more than ${MAX_SELECTS} SELECTs in one query`);
      if (Array.isArray(value.valuesLists) && value.valuesLists.length > 0) refuse("VALUES lists");
      if (Array.isArray(value.fromClause) && value.fromClause.length > 1)
        refuse("a join without a condition (FROM a, b): join with ON matching columns");
    }
    for (const [k, v] of Object.entries(value)) {
      if (k in REFUSED_NODES) refuse(REFUSED_NODES[k]);
      if (k === "RangeVar" && isObject(v)) {
        if (++references > MAX_TABLES) refuse(`more than ${MAX_TABLES} tables in one query`);
        if (typeof v.relname === "string") tables.add(v.relname);
      }
      if (k === "A_Expr" && isObject(v)) {
        if (v.kind === "AEXPR_SIMILAR") refuse("SIMILAR TO (regular expressions)");
        const op = REFUSED_OPERATORS[lastName(v.name)];
        if (op) refuse(op);
      }
      if (k === "FuncCall" && isObject(v) && REFUSED_FUNCTIONS.has(lastName(v.funcname)))
        refuse(`the function ${lastName(v.funcname)} (it grows values)`);
      if (k === "SubLink" && isObject(v) && v.subLinkType === "ARRAY_SUBLINK") refuse("ARRAY(subquery)");
      if (k === "JoinExpr" && isObject(v)) {
        if (v.isNatural) refuse("NATURAL JOIN: join with ON matching columns");
        const using = Array.isArray(v.usingClause) && v.usingClause.length > 0;
        if (!using && !matchesColumns(v.quals)) refuse("a join without a condition matching columns (ON a.x = b.y)");
      }
      visit(v, k);
    }
  };
  visit(stmts[0].stmt, "");
  return {
    refused: refused.size > 0 ? `the indexer does not answer queries with ${[...refused].join("; ")}` : null,
    tables: [...tables],
  };
}
