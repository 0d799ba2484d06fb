import { useId, type InputHTMLAttributes } from 'react';
import { fieldClasses } from './fieldStyles';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A line under the input, e.g. a rule the value must follow. */
  hint?: string;
}

export function TextField({ label, hint, className = '', ...props }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input id={id} aria-describedby={hint ? hintId : undefined} className={`mt-1.5 h-11 ${fieldClasses}`} {...props} />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-zinc-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
