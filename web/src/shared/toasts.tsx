// Error and notice toasts: one area for the whole app; errors stay until closed, notices fade.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";

export type ToastKind = "error" | "info" | "success";

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

interface Toasts {
  push(kind: ToastKind, text: string): void;
}

const ToastContext = createContext<Toasts>({ push: () => undefined });

export function useToasts(): Toasts {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const close = useCallback((id: number) => setToasts((ts) => ts.filter((t) => t.id !== id)), []);
  const push = useCallback(
    (kind: ToastKind, text: string) => {
      const id = next.current++;
      // The same text twice in a row (a repeated failure) shows once.
      setToasts((ts) => (ts.some((t) => t.text === text) ? ts : [...ts.slice(-4), { id, kind, text }]));
      if (kind !== "error") setTimeout(() => close(id), 6000);
    },
    [close],
  );
  const value = useMemo(() => ({ push }), [push]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" role="log" aria-live="polite" aria-label="Messages">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === "error" ? "alert" : "status"}>
            <span>{t.text}</span>
            <button type="button" className="link" aria-label="Close message" onClick={() => close(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
