import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from './useModalFocus';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** `alertdialog` for a question that needs an answer, e.g. a delete confirmation. */
  role?: 'dialog' | 'alertdialog';
}

/** A modal card over the page: Escape or a click outside closes it. */
export function Dialog({ title, onClose, children, role = 'dialog' }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useModalFocus(panel, onClose);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div aria-hidden="true" className="absolute inset-0 bg-black/60 backdrop-blur-sm" onClick={onClose} />
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative max-h-[90dvh] w-full max-w-md overflow-y-auto rounded-3xl border border-line bg-surface p-6 shadow-2xl shadow-black/50"
      >
        <h2 id={titleId} className="text-xl font-bold text-white">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
