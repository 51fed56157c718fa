// A list's search box, state filter and pager (every list of the indexer: web/src/data/useList.ts), and the hook that
// holds their values: a new search or filter goes back to the first page; typing waits a moment before searching.
import { useEffect, useState } from "react";
import type { ListParams } from "../data/useList";
import type { Search } from "../data/search";

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
