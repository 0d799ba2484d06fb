export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition ' +
  'duration-200 disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-gradient text-white shadow-lg shadow-brand/25 hover:shadow-brand-fuchsia/30 hover:brightness-110',
  secondary: 'border border-white/15 bg-white/5 text-zinc-100 hover:border-white/30 hover:bg-white/10',
  ghost: 'text-zinc-300 hover:bg-white/5 hover:text-white',
  inverse: 'bg-white text-night shadow-lg shadow-black/20 hover:bg-zinc-100',
  danger: 'bg-red-600 text-white shadow-lg shadow-red-950/40 hover:bg-red-500',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-7 text-base',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}
