// A list of fixed-height rows that renders only the rows in view (plus a margin): thousands of rows stay fast.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { visibleRange } from "./tree";

export function VirtualList(props: {
  count: number;
  rowHeight: number;
  /** Height of the scrolling window in px. */
  height: number;
  renderRow: (index: number) => ReactNode;
  /** Index to keep in view (scrolled to when it changes). */
  focusIndex?: number;
  ariaLabel?: string;
  role?: string;
  onKeyDown?: (e: React.KeyboardEvent<HTMLDivElement>) => void;
  tabIndex?: number;
  ariaActiveDescendant?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const { count, rowHeight, height, focusIndex } = props;

  useEffect(() => {
    const el = ref.current;
    if (!el || focusIndex === undefined || focusIndex < 0) return;
    const top = focusIndex * rowHeight;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + rowHeight > el.scrollTop + height) el.scrollTop = top + rowHeight - height;
  }, [focusIndex, rowHeight, height]);

  const [first, last] = visibleRange(count, rowHeight, scrollTop, height);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    rows.push(
      <div key={i} style={{ position: "absolute", top: i * rowHeight, height: rowHeight, left: 0, right: 0 }}>
        {props.renderRow(i)}
      </div>,
    );
  }
  return (
    <div
      ref={ref}
      className="vlist"
      style={{ height, overflowY: "auto", position: "relative" }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      role={props.role}
      aria-label={props.ariaLabel}
      tabIndex={props.tabIndex}
      onKeyDown={props.onKeyDown}
      aria-activedescendant={props.ariaActiveDescendant}
    >
      <div style={{ height: count * rowHeight, position: "relative" }}>{rows}</div>
    </div>
  );
}
