// A collapsible tree flattened into rows for a virtualised list (fork trees, timelines, anything nested).

export interface TreeRow<Id> {
  id: Id;
  /** Nesting level, 0 for a root. */
  level: number;
  hasChildren: boolean;
  expanded: boolean;
}

/**
 * Depth-first rows of the trees under `roots`, children in the order `childrenOf` gives, skipping the subtrees of
 * collapsed ids. Iterative, so a deep tree (a 2,000-move line) does not overflow the stack.
 */
export function flattenTree<Id>(roots: Id[], childrenOf: (id: Id) => readonly Id[], collapsed: ReadonlySet<Id>) {
  const rows: TreeRow<Id>[] = [];
  const stack: { id: Id; level: number }[] = roots.map((id) => ({ id, level: 0 })).reverse();
  while (stack.length > 0) {
    const { id, level } = stack.pop()!;
    const children = childrenOf(id);
    const expanded = children.length > 0 && !collapsed.has(id);
    rows.push({ id, level, hasChildren: children.length > 0, expanded });
    if (expanded) for (let i = children.length - 1; i >= 0; i--) stack.push({ id: children[i], level: level + 1 });
  }
  return rows;
}

/** Rows [first, last) of a list of `count` rows of `rowHeight` px seen through a window of `height` px at `scrollTop`. */
export function visibleRange(
  count: number,
  rowHeight: number,
  scrollTop: number,
  height: number,
  overscan = 8,
): [number, number] {
  const first = Math.min(count, Math.max(0, Math.floor(scrollTop / rowHeight) - overscan));
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  return [first, Math.max(first, last)];
}
