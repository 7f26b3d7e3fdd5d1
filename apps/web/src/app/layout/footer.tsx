import { env } from '@/config/env';
import { SocialLinks } from './social-links';

/** The shared footer of product.md 2; the copyright year is the current year at render time. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-white/10 bg-arena-950/60">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-8 text-sm text-slate-400 sm:flex-row sm:justify-between sm:px-6">
        <p>
          © {year} {env.productName}
        </p>
        <SocialLinks />
      </div>
    </footer>
  );
}
