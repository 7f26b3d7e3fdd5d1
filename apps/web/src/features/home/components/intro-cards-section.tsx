import { HOME_TEXT } from '@ojo/domain/messages';
import { SectionHeading, SnapSection } from './snap-section';

const CARD_DETAILS = [
  {
    image: '/media/cards/grow-play.svg',
    copy: 'Finish tasks, race coins and watch your points grow with every round you play.',
  },
  {
    image: '/media/cards/earn-chill.svg',
    copy: 'Stack OJO and FishXP at your own pace, check in daily and redeem when you like.',
  },
  {
    image: '/media/cards/build-together.svg',
    copy: 'Invite friends, climb the ranks side by side and shape every new season together.',
  },
] as const;

/** The three introduction cards (product.md 2 Home): Grow & Play, Earn & Chill, Build Together. */
export function IntroCardsSection() {
  return (
    <SnapSection aria-labelledby="intro-title">
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 3xl:max-w-[96rem]">
        <SectionHeading id="intro-title" eyebrow="How it works" title="Your arena, your way" />
        <ul className="grid gap-6 md:grid-cols-3">
          {HOME_TEXT.introCards.map((title, index) => (
            <li
              key={title}
              className="group rounded-3xl border border-white/10 bg-gradient-to-b from-arena-800/90 to-arena-900/90 p-6 transition hover:-translate-y-1 hover:border-lime/40"
            >
              <img
                src={CARD_DETAILS[index]!.image}
                alt=""
                width={240}
                height={160}
                loading="lazy"
                decoding="async"
                className="mx-auto mb-6 h-auto w-full max-w-60"
              />
              <h3 className="font-display text-2xl font-black uppercase italic text-white">{title}</h3>
              <p className="mt-2 text-slate-300">{CARD_DETAILS[index]!.copy}</p>
            </li>
          ))}
        </ul>
      </div>
    </SnapSection>
  );
}
