import type { ReactNode } from 'react';
import { env } from '@/config/env';

interface PageProps {
  title: string;
  /** One line under the heading saying what the page is for. */
  description?: ReactNode;
  children?: ReactNode;
  /** The document title; defaults to `<title> · <product name>`. */
  documentTitle?: string;
}

/** A page of the app: its document title, its single <h1> and its content. */
export function Page({ title, description, children, documentTitle }: PageProps) {
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:py-16">
      <title>{documentTitle ?? `${title} · ${env.productName}`}</title>
      <div className="mb-8">
        <h1 className="font-display text-3xl font-black uppercase italic tracking-tight text-white sm:text-4xl lg:text-5xl">
          {title}
        </h1>
        <div aria-hidden className="mt-3 h-1 w-16 rounded-full bg-gradient-to-r from-lime to-cyan" />
        {description ? (
          <p className="mt-4 max-w-2xl text-base text-slate-300 sm:text-lg">{description}</p>
        ) : null}
      </div>
      {children}
    </section>
  );
}
