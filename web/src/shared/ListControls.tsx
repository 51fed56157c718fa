// A list's search box, state filter and pager (every list of the indexer: web/src/data/useList.ts), and the hook that
// holds their values: a new search or filter goes back to the first page; typing waits a moment before searching.
import { useEffect, useState } from "react";
import type { ListParams } from "../data/useList";

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

export function ListControls(props: {
  /** "games", "rooms", ... */
  noun: string;
  text: string;
  onText(text: string): void;
  placeholder: string;
  states: readonly { value: string; label: string }[];
  state: string;
  onState(state: string): void;
  page: number;
  pages: number;
  total: number;
  onPage(page: number): void;
}) {
  const { page, pages } = props;
  return (
    <div className="list-controls" role="group" aria-label={`Find ${props.noun}`}>
      <input
        type="search"
        aria-label={`Search ${props.noun}`}
        placeholder={props.placeholder}
        value={props.text}
        onChange={(e) => props.onText(e.target.value)}
      />
      <select aria-label="State" value={props.state} onChange={(e) => props.onState(e.target.value)}>
        {props.states.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
      <span className="pager">
        <button type="button" className="btn btn-secondary" disabled={page <= 0} onClick={() => props.onPage(page - 1)}>
          Newer
        </button>
        <span data-testid="list-page">
          page {page + 1} of {pages} · {props.total.toLocaleString("en-US")} {props.noun}
        </span>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={page + 1 >= pages}
          onClick={() => props.onPage(page + 1)}
        >
          Older
        </button>
      </span>
    </div>
  );
}
