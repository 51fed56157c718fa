// The fork tree: every position with its colour, cell, mover and state, collapsible, virtualised (a 2,000-position
// tree renders a screenful of rows). Keyboard: ↑/↓ select, ← collapse or go to the parent, → expand or go to the
// first child, Home/End.
import { useMemo, useState, type KeyboardEvent } from "react";
import { flattenTree } from "../shared/tree";
import { VirtualList } from "../shared/VirtualList";
import { Player } from "../shared/Player";
import { cellName, colourOfDepth, type HexGameData, type Outcome } from "../../../client/hex";
import { ColourMark } from "./Board";

const ROW = 28;

export interface ForkTreeProps {
  game: HexGameData;
  selected: number;
  onSelect: (id: number) => void;
  /** Short text of a position's state (open / closed / proven / outcome). */
  stateOf: (id: number) => { text: string; kind: string };
  outcomes?: Outcome[];
  you?: string | null;
  height?: number;
}

export function ForkTree(props: ForkTreeProps) {
  const { game, selected } = props;
  const [collapsed, setCollapsed] = useState<Set<number>>(() => new Set());
  const positions = game.positions;
  const count = positions.length - 1;
  // Rebuilt when the tree grows (positions.length) or a subtree is folded.
  const rows = useMemo(
    () => (count >= 1 ? flattenTree([1], (id) => positions[id]?.children ?? [], collapsed) : []),
    [positions, count, collapsed],
  );
  const indexOf = useMemo(() => {
    const m = new Map<number, number>();
    rows.forEach((r, i) => m.set(r.id, i));
    return m;
  }, [rows]);
  const selectedIndex = indexOf.get(selected) ?? -1;

  const toggle = (id: number) =>
    setCollapsed((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const row = rows[selectedIndex];
    const go = (i: number) => {
      const r = rows[Math.max(0, Math.min(rows.length - 1, i))];
      if (r) props.onSelect(r.id);
    };
    switch (e.key) {
      case "ArrowDown":
        go(selectedIndex + 1);
        break;
      case "ArrowUp":
        go(selectedIndex - 1);
        break;
      case "Home":
        go(0);
        break;
      case "End":
        go(rows.length - 1);
        break;
      case "ArrowLeft":
        if (row?.expanded) toggle(row.id);
        else if (row && positions[row.id].parent !== 0) props.onSelect(positions[row.id].parent);
        break;
      case "ArrowRight":
        if (row?.hasChildren && !row.expanded) toggle(row.id);
        else if (row?.expanded) go(selectedIndex + 1);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  // The selected position is always visible: unfold its ancestors when it is inside a folded subtree.
  if (selectedIndex < 0 && positions[selected]) {
    const folded: number[] = [];
    for (let a = positions[selected].parent; a !== 0; a = positions[a].parent) if (collapsed.has(a)) folded.push(a);
    if (folded.length > 0) {
      const next = new Set(collapsed);
      folded.forEach((a) => next.delete(a));
      setCollapsed(next);
    }
  }

  return (
    <div className="forktree">
      <div className="forktree-tools">
        <span>
          {count.toLocaleString("en-US")} position{count === 1 ? "" : "s"}
        </span>
        <button type="button" className="link" onClick={() => setCollapsed(new Set())}>
          expand all
        </button>
        <button
          type="button"
          className="link"
          onClick={() => setCollapsed(new Set(positions.filter((p) => p && p.children.length > 0).map((p) => p.id)))}
        >
          collapse all
        </button>
      </div>
      <VirtualList
        count={rows.length}
        rowHeight={ROW}
        height={props.height ?? 420}
        focusIndex={selectedIndex}
        role="tree"
        ariaLabel="Fork tree"
        tabIndex={0}
        onKeyDown={onKeyDown}
        ariaActiveDescendant={selectedIndex >= 0 ? `pos-${selected}` : undefined}
        renderRow={(i) => {
          const row = rows[i];
          const p = positions[row.id];
          const state = props.stateOf(row.id);
          const mine = props.you && p.player.toLowerCase() === props.you.toLowerCase();
          return (
            <div
              id={`pos-${row.id}`}
              role="treeitem"
              aria-level={row.level + 1}
              aria-expanded={row.hasChildren ? row.expanded : undefined}
              aria-selected={row.id === selected}
              className={`treerow${row.id === selected ? " selected" : ""}`}
              style={{ paddingLeft: 4 + Math.min(row.level, 40) * 14 }}
              onClick={() => props.onSelect(row.id)}
              data-position={row.id}
            >
              {row.hasChildren ? (
                <button
                  type="button"
                  className="twisty"
                  tabIndex={-1}
                  aria-label={row.expanded ? "collapse" : "expand"}
                  onClick={(e) => {
                    e.stopPropagation();
                    toggle(row.id);
                  }}
                >
                  {row.expanded ? "▾" : "▸"}
                </button>
              ) : (
                <span className="twisty" />
              )}
              <span className="pid">#{row.id}</span>
              <ColourMark colour={colourOfDepth(p.depth)} />
              <span className="cellname">{cellName(p.cell, game.size)}</span>
              <span className={`who${mine ? " addr-you" : ""}`} title={p.player}>
                {mine ? "you" : <Player address={p.player} />}
              </span>
              <span className={`chip chip-${state.kind}`}>{state.text}</span>
              {!row.expanded && row.hasChildren && <span className="muted">+{p.children.length}</span>}
            </div>
          );
        }}
      />
    </div>
  );
}
