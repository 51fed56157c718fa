// A contract's storage layout as the compiler reports it (Hardhat's build info), for the tests that pin the layouts
// the gas figures and the contracts' whole-word accesses rely on.
import { artifacts } from "hardhat";

/** One type of the layout: a struct lists its members with their slot and byte offset. */
export interface LayoutType {
  label: string;
  numberOfBytes: string;
  members?: { label: string; slot: string; offset: number }[];
}

export interface Layout {
  storage: { label: string; slot: string; type: string }[];
  types: Record<string, LayoutType>;
}

/** The storage layout of contract `name` in `contracts/<source>`. */
export async function storageLayout(source: string, name: string): Promise<Layout> {
  const info = await artifacts.getBuildInfo(`contracts/${source}:${name}`);
  return (info!.output.contracts[`contracts/${source}`][name] as unknown as { storageLayout: Layout }).storageLayout;
}

/** A struct's members (the struct named `label`, e.g. "struct ISnatchRooms.Room") by name: their byte offsets. */
export function memberOffsets(layout: Layout, label: string, slot?: string): Record<string, number> {
  const type = Object.values(layout.types).find((t) => t.label === label)!;
  return Object.fromEntries(
    type.members!.filter((m) => slot === undefined || m.slot === slot).map((m) => [m.label, m.offset]),
  );
}
