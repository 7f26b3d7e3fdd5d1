import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';

/** Small building blocks the game's screens share (cards, stats, tabs, states). */

export function Card({
  title,
  children,
  className = '',
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-3xl border border-white/10 bg-arena-900/70 p-5 sm:p-6 ${className}`}>
      {title ? (
        <h2 className="mb-4 text-xs font-black uppercase tracking-[0.18em] text-slate-400">{title}</h2>
      ) : null}
      {children}
    </section>
  );
}

export function Stat({
  label,
  value,
  accent = false,
}: {
  label: string;
  value: ReactNode;
  accent?: boolean;
}) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-semibold uppercase tracking-wider text-slate-400">{label}</span>
      <span className={`text-2xl font-black tabular-nums sm:text-3xl ${accent ? 'text-lime' : 'text-white'}`}>
        {value}
      </span>
    </div>
  );
}

export interface Tab {
  label: string;
  to: string;
  active: boolean;
}

/** Currency tabs as links (each tab is its own route, product.md 2). */
export function Tabs({ tabs, label }: { tabs: Tab[]; label: string }) {
  return (
    <nav
      aria-label={label}
      className="mb-6 inline-flex rounded-full border border-white/10 bg-arena-900/80 p-1"
    >
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          aria-current={tab.active ? 'page' : undefined}
          className={`rounded-full px-5 py-2 text-sm font-black uppercase tracking-wider transition ${
            tab.active ? 'bg-lime text-arena-950' : 'text-slate-300 hover:text-white'
          }`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10">
      <Spinner label={label} />
    </div>
  );
}

export function Problem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-2xl border border-hot/40 bg-hot/10 px-4 py-3 text-sm text-slate-200">
      {children}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-slate-400">{children}</p>;
}

/** One recomputed check of a verify screen: its name, what it found, and whether it matches. */
export interface VerifyCheck {
  check: string;
  detail: string;
  ok: boolean;
  currency?: string | null;
}

/** A verify screen's plain answer (matches or not), the first failed check, and every check with its result. */
export function VerifyVerdict({
  testId,
  matches,
  verified,
  notVerified,
  checks,
}: {
  testId: string;
  matches: boolean;
  verified: string;
  notVerified: string;
  checks: readonly VerifyCheck[];
}) {
  const failed = checks.find((check) => !check.ok);
  return (
    <section
      data-testid={testId}
      data-matches={matches ? 'true' : 'false'}
      className={`min-w-0 rounded-3xl border p-5 sm:p-6 ${matches ? 'border-lime/50 bg-lime/10' : 'border-rose-400/60 bg-rose-500/10'}`}
    >
      <p className="text-lg font-black text-white">{matches ? verified : notVerified}</p>
      {failed ? (
        <p className="mt-2 text-sm text-rose-200 [overflow-wrap:anywhere]">
          Failed check ({failed.check}): {failed.detail}
        </p>
      ) : null}
      <ul className="mt-3 grid grid-cols-1 gap-1 text-sm text-slate-300">
        {checks.map((check) => (
          <li
            key={`${check.currency ?? '-'}:${check.check}:${check.detail}`}
            data-testid={`check-${check.check}`}
            data-ok={check.ok ? 'true' : 'false'}
            className="min-w-0 [overflow-wrap:anywhere]"
          >
            <span className={check.ok ? 'font-bold text-lime' : 'font-bold text-rose-300'}>
              {check.ok ? 'OK' : 'FAILED'}
            </span>{' '}
            {check.currency ? `${check.currency} ` : ''}
            {check.check}: {check.detail}
          </li>
        ))}
      </ul>
    </section>
  );
}
