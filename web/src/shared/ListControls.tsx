// A list's search box, state filter and pager (every list of the indexer: web/src/data/useList.ts), and the hook that
// holds their values: a new search or filter goes back to the first page; typing waits a moment before searching.
import { useEffect, useState, type ReactNode } from "react";
import type { ListParams, ListResult } from "../data/useList";
import { parseSearch, type Search } from "../data/search";
import { ListTable, Panel } from "./ui";

export function useListParams(initialState = "all"): {
  params: ListParams;
  text: string;
  setText(text: string): void;
  setState(state: string): void;
  setPage(page: number): void;
} {
  const [text, setText] = useState("");
  const [params, setParams] = useState<ListParams>({ search: "", state: initialState, page: 0 });
  useEffect(() => {
    const t = setTimeout(() => setParams((p) => (p.search === text ? p : { ...p, search: text, page: 0 })), 250);
    return () => clearTimeout(t);
  }, [text]);
  return {
    params,
    text,
    setText,
    setState: (state) => setParams((p) => ({ ...p, state, page: 0 })),
    setPage: (page) => setParams((p) => ({ ...p, page })),
  };
}

/** The parameters' holder {@link useListParams} returns. */
export type ListParamsState = ReturnType<typeof useListParams>;

/**
 * A list's search box, state filter and pager, wired to `list` (its {@link useListParams}) and showing `found`'s
 * pages and total.
 */
export function ListControls(props: {
  /** "games", "rooms", ... */
  noun: string;
  list: ListParamsState;
  found: { pages: number; total: number };
  placeholder: string;
  states: readonly { value: string; label: string }[];
}) {
  const { list, noun } = props;
  const { page } = list.params;
  const { pages, total } = props.found;
  return (
    <div className="list-controls" role="group" aria-label={`Find ${noun}`}>
      <input
        type="search"
        aria-label={`Search ${noun}`}
        placeholder={props.placeholder}
        value={list.text}
        onChange={(e) => list.setText(e.target.value)}
      />
      <select aria-label="State" value={list.params.state} onChange={(e) => list.setState(e.target.value)}>
        {props.states.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
      <span className="pager">
        <button type="button" className="btn btn-secondary" disabled={page <= 0} onClick={() => list.setPage(page - 1)}>
          Newer
        </button>
        <span data-testid="list-page">
          page {page + 1} of {pages} · {total.toLocaleString("en-US")} {noun}
        </span>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={page + 1 >= pages}
          onClick={() => list.setPage(page + 1)}
        >
          Older
        </button>
      </span>
    </div>
  );
}

/**
 * A list's line when nothing shows: "There is no game 7" for an id (" in that state" under a filter), "No game
 * matches." for other searches or filters, else none (the list's own empty line).
 */
export function emptyLine(search: Search, state: string, noun: string): string | undefined {
  if (search.kind === "id") return `There is no ${noun} ${search.id}${state === "all" ? "" : " in that state"}.`;
  return search.kind !== "none" || state !== "all" ? `No ${noun} matches.` : undefined;
}

/**
 * A list of the indexer in its panel: search, state filter and pager over a table of `found`'s rows. `one` names a
 * row ("session") in the empty line; `none` is that line when nothing is searched or filtered.
 */
export function ListPanel<T>(props: {
  /** The panel's title and the table's label ("Sessions"). */
  title: string;
  /** "sessions"; `one`: "session". */
  noun: string;
  one: string;
  list: ListParamsState;
  found: ListResult<T>;
  placeholder: string;
  /** The state filter's values ("all" first). */
  states: readonly string[];
  none: string;
  columns: readonly string[];
  row: (item: T) => ReactNode;
}) {
  const { list, found } = props;
  const filters = props.states.map((s) => ({ value: s, label: s === "all" ? "every state" : s }));
  const empty = emptyLine(parseSearch(list.params.search), list.params.state, props.one) ?? props.none;
  return (
    <Panel title={props.title}>
      <ListControls noun={props.noun} list={list} found={found} placeholder={props.placeholder} states={filters} />
      <ListTable
        label={props.title}
        noun={props.noun}
        items={found.rows}
        error={found.error}
        empty={empty}
        columns={props.columns}
        row={props.row}
      />
    </Panel>
  );
}
