/**
 * A button label that shows only its first word where the header row has no room for more: 'Login with Arena
 * Wallet' reads 'Login' there. The rest stays in the accessible name, so the button is always named by the whole
 * label. `restClassName` says where the rest is hidden (Tailwind variants ending in `sr-only`).
 */
export function ShortLabel({ label, restClassName }: { label: string; restClassName: string }) {
  const space = label.indexOf(' ');
  if (space === -1) return <span>{label}</span>;
  return (
    <span>
      {label.slice(0, space)} <span className={restClassName}>{label.slice(space + 1)}</span>
    </span>
  );
}
