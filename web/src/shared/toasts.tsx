// Messages (errors and notices), for the whole app. They sit in the dock at the bottom of the window, beside the
// transactions panel, in the page's flow: the page's content scrolls above the dock, so a message never covers a
// control (the top bar included). Each dismisses itself after a while (errors after a longer one; not while the
// pointer or the keyboard is on it), or with its close button; the transactions panel keeps every failure's reason.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

export type ToastKind = "error" | "info" | "success";

/** How long a message stays, ms. */
export const TOAST_MS: Record<ToastKind, number> = { error: 9000, info: 5000, success: 5000 };

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

interface Toasts {
  push(kind: ToastKind, text: string): void;
}

interface ToastState {
  toasts: Toast[];
  close(id: number): void;
}

const ToastContext = createContext<Toasts>({ push: () => undefined });
const ListContext = createContext<ToastState>({ toasts: [], close: () => undefined });

export function useToasts(): Toasts {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const close = useCallback((id: number) => setToasts((ts) => ts.filter((t) => t.id !== id)), []);
  const push = useCallback((kind: ToastKind, text: string) => {
    const id = next.current++;
    // The same text twice in a row (a repeated failure) shows once; at most three at a time.
    setToasts((ts) => (ts.some((t) => t.text === text) ? ts : [...ts.slice(-2), { id, kind, text }]));
  }, []);
  const value = useMemo(() => ({ push }), [push]);
  const list = useMemo(() => ({ toasts, close }), [toasts, close]);
  return (
    <ToastContext.Provider value={value}>
      <ListContext.Provider value={list}>{children}</ListContext.Provider>
    </ToastContext.Provider>
  );
}

/** The messages, newest last (rendered in the dock). */
export function ToastList() {
  const { toasts, close } = useContext(ListContext);
  return (
    <div className="toasts" role="log" aria-live="polite" aria-label="Messages">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} close={close} />
      ))}
    </div>
  );
}

function ToastItem({ toast, close }: { toast: Toast; close: (id: number) => void }) {
  const held = useRef(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const later = () => {
      timer = setTimeout(() => (held.current ? later() : close(toast.id)), TOAST_MS[toast.kind]);
    };
    later();
    return () => clearTimeout(timer);
  }, [toast.id, toast.kind, close]);
  const hold = (on: boolean) => () => {
    held.current = on;
  };
  return (
    <div
      className={`toast toast-${toast.kind}`}
      role={toast.kind === "error" ? "alert" : "status"}
      onPointerEnter={hold(true)}
      onPointerLeave={hold(false)}
      onFocus={hold(true)}
      onBlur={hold(false)}
    >
      <span>{toast.text}</span>
      <button type="button" className="link" aria-label="Close message" onClick={() => close(toast.id)}>
        ×
      </button>
    </div>
  );
}
