interface SpinnerProps {
  label?: string;
  className?: string;
}

export function Spinner({ label = 'Loading', className = '' }: SpinnerProps) {
  return (
    <span role="status" className={`inline-flex items-center gap-3 text-slate-300 ${className}`}>
      <span aria-hidden className="size-6 animate-spin rounded-full border-2 border-white/15 border-t-lime" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
