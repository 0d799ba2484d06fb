interface FormErrorProps {
  message: string | null | undefined;
}

/** The red box that says why the last attempt failed. Renders nothing when there is no message. */
export function FormError({ message }: FormErrorProps) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl border border-red-400/30 bg-red-500/10 px-4 py-3 text-sm break-words text-red-200">
      {message}
    </p>
  );
}
