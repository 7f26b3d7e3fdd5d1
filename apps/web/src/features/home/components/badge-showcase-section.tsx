import { HOME_TEXT } from '@ojo/domain/messages';
import { ROUTES } from '@/config/routes';
import { AppLink } from '@/lib/navigation';
import { SectionHeading, SnapSection } from './snap-section';

const BADGES = [
  {
    image: '/media/badges/collect-earn.svg',
    copy: 'Every milestone mints an on-chain badge straight to your smart account.',
    glow: 'bg-gold/25',
  },
  {
    image: '/media/badges/unlock-rewards.svg',
    copy: 'The right badges open partner drops, boosts and members-only events.',
    glow: 'bg-[#7c4dff]/30',
  },
  {
    image: '/media/badges/level-up.svg',
    copy: 'Badges level up with you, from your first race to the top of the ranks.',
    glow: 'bg-cyan/25',
  },
] as const;

/** The badges showcase (product.md 2 Home): Collect & Earn, Unlock Exclusive Rewards, Level Up Your Journey. */
export function BadgeShowcaseSection() {
  return (
    <SnapSection aria-labelledby="badges-title">
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 3xl:max-w-[96rem]">
        <SectionHeading id="badges-title" eyebrow="Badges" title="Show off what you earn" />
        <ul className="grid gap-10 md:grid-cols-3">
          {HOME_TEXT.badgeShowcase.map((title, index) => {
            const badge = BADGES[index]!;
            return (
              <li key={title} className="flex flex-col items-center text-center">
                <div className="relative mb-6">
                  <div aria-hidden className={`absolute inset-4 rounded-full blur-3xl ${badge.glow}`} />
                  <img
                    src={badge.image}
                    alt=""
                    width={200}
                    height={220}
                    loading="lazy"
                    decoding="async"
                    className="relative h-auto w-40 drop-shadow-[0_16px_24px_rgb(0_0_0/0.5)] lg:w-48"
                  />
                </div>
                <h3 className="font-display text-2xl font-black uppercase italic text-white">{title}</h3>
                <p className="mt-2 max-w-xs text-slate-300">{badge.copy}</p>
              </li>
            );
          })}
        </ul>
        <div className="mt-12 text-center">
          <AppLink
            to={ROUTES.mintBadge.path}
            className="inline-flex rounded-xl border border-white/20 px-5 py-3 text-sm font-bold uppercase tracking-wider text-white transition hover:border-lime hover:text-lime"
          >
            See all badges
          </AppLink>
        </div>
      </div>
    </SnapSection>
  );
}
