interface FormNoticeProps {
  message: string | null | undefined;
}

/** The green box that says the last attempt succeeded. Renders nothing when there is no message. */
export function FormNotice({ message }: FormNoticeProps) {
  if (!message) return null;
  return (
    <p role="status" className="rounded-xl border border-emerald-400/30 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-100">
      {message}
    </p>
  );
}
