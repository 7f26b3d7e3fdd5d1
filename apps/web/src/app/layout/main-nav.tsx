import { NAV_ITEMS, ROUTES } from '@/config/routes';
import { AppNavLink } from '@/lib/navigation';

interface MainNavProps {
  /** 'bar' is the desktop header row, 'menu' the stacked mobile menu. */
  variant: 'bar' | 'menu';
  onNavigate?: () => void;
}

const styles = {
  bar: {
    list: 'flex items-center gap-1',
    link: 'relative rounded-lg px-3 py-2 text-sm font-bold uppercase tracking-wider transition',
    active:
      'text-lime after:absolute after:inset-x-3 after:-bottom-0.5 after:h-0.5 after:rounded-full after:bg-lime',
    idle: 'text-slate-300 hover:text-white',
  },
  menu: {
    list: 'flex flex-col gap-1',
    link: 'block rounded-xl px-4 py-3 text-lg font-black uppercase italic tracking-wide transition',
    active: 'bg-lime/10 text-lime',
    idle: 'text-slate-200 hover:bg-white/5',
  },
} as const;

/** Top navigation of product.md 2. Game stays active on every /game/... page. */
export function MainNav({ variant, onNavigate }: MainNavProps) {
  const style = styles[variant];
  return (
    <ul className={style.list}>
      {NAV_ITEMS.map((item) => (
        <li key={item.path}>
          <AppNavLink
            to={item.path}
            end={item.path === ROUTES.home.path}
            onClick={onNavigate}
            className={({ isActive }) => `${style.link} ${isActive ? style.active : style.idle}`}
          >
            {item.label}
          </AppNavLink>
        </li>
      ))}
    </ul>
  );
}
