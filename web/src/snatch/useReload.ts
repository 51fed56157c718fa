// One loader per page, run when its trigger changes (a new block) or when the page asks (after its own
// transaction), never twice at once: a trigger during a run makes one more run after it.
import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Runs `load(forced)` whenever `trigger` changes while `ready`, and when the returned `refresh` is called (then with
 * `forced` true: reload even if nothing seems to have changed). Errors go to `onError`.
 */
export function useReload(
  load: (forced: boolean) => Promise<void>,
  onError: (err: unknown) => void,
  ready: boolean,
  trigger: readonly unknown[],
): () => void {
  const latest = useRef({ load, onError });
  latest.current = { load, onError };
  const busy = useRef(false);
  const again = useRef(false);
  const forced = useRef(false);
  const [nudge, setNudge] = useState(0);

  useEffect(() => {
    if (!ready) return;
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    (async () => {
      do {
        again.current = false;
        const f = forced.current;
        forced.current = false;
        try {
          await latest.current.load(f);
        } catch (err) {
          latest.current.onError(err);
        }
      } while (again.current);
    })().finally(() => {
      busy.current = false;
    });
  }, [...trigger, load, nudge, ready]);

  return useCallback(() => {
    forced.current = true;
    setNudge((x) => x + 1);
  }, []);
}
