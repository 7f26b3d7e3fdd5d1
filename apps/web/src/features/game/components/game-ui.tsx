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

/** Currency tabs as links (each tab is its own route, spec 2). */
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
