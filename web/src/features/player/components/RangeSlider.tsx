import type { CSSProperties, InputHTMLAttributes } from 'react';

interface RangeSliderProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'min' | 'max'> {
  label: string;
  value: number;
  min?: number;
  max: number;
  /** How the value is read aloud, e.g. "1:02 of 3:20". */
  valueText: string;
  onValueChange: (value: number) => void;
}

/** A slim slider whose filled part follows the value. */
export function RangeSlider({ label, value, min = 0, max, valueText, onValueChange, className = '', ...props }: RangeSliderProps) {
  const fill = max > min ? ((Math.min(Math.max(value, min), max) - min) / (max - min)) * 100 : 0;
  return (
    <input
      type="range"
      aria-label={label}
      aria-valuetext={valueText}
      min={min}
      max={max}
      value={value}
      onChange={(event) => {
        onValueChange(Number(event.target.value));
      }}
      className={`range-slim min-w-0 ${className}`}
      style={{ '--range-fill': `${fill}%` } as CSSProperties}
      {...props}
    />
  );
}
