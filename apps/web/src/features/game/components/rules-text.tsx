import type { RuleKind } from '@ojo/domain/enums';
import { useRule } from '../api/get-rule';
import { type RuleSpan, ruleBlocks } from '../lib/rule-blocks';
import { Card, Loading, Problem } from './game-ui';

const TITLES: Record<RuleKind, string> = { PRIZE_POOL: 'Prize pool rules', RANK: 'Rank rules' };

/** A rules text of product.md 7 (PRIZE_POOL or RANK), as the server states it. */
export function RulesText({ ruleKind }: { ruleKind: RuleKind }) {
  const rule = useRule(ruleKind);
  return (
    <Card title={TITLES[ruleKind]}>
      {rule.isPending ? (
        <Loading label="Loading the rules" />
      ) : rule.isError || !rule.data ? (
        <Problem>The rules could not be loaded. Try again in a moment.</Problem>
      ) : (
        <div className="flex flex-col gap-3 break-words text-sm leading-relaxed text-slate-300">
          {ruleBlocks(rule.data.text).map((block, index) =>
            block.kind === 'list' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the text's blocks never reorder
              <ul key={index} className="flex list-disc flex-col gap-2 pl-5 marker:text-lime">
                {block.items.map((item, itemIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: as above
                  <li key={itemIndex}>
                    <Spans spans={item} />
                  </li>
                ))}
              </ul>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <p key={index} className={index === 0 ? 'font-bold text-white' : undefined}>
                <Spans spans={block.spans} />
              </p>
            ),
          )}
        </div>
      )}
    </Card>
  );
}

function Spans({ spans }: { spans: RuleSpan[] }) {
  return spans.map((span, index) =>
    span.code ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: a line's spans never reorder
      <code key={index} className="rounded bg-white/10 px-1 py-0.5 text-xs text-slate-200">
        {span.text}
      </code>
    ) : (
      span.text
    ),
  );
}
