import { BUSINESS_TYPES } from '@ojo/domain/enums';
import { useLadders } from '../api/get-ladders';
import { BUSINESS_LABEL } from '../lib/currency';
import { Card, Empty, Loading, Problem } from './game-ui';
import { LadderTable } from './ladder-table';

/** product.md 2 /game/ranks/ranking-preview: the top of both ladders side by side. */
export function RankingPreviewScreen() {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-5 lg:grid-cols-2">
      {[...BUSINESS_TYPES].reverse().map((businessType) => (
        <PreviewLadder key={businessType} businessType={businessType} />
      ))}
    </div>
  );
}

function PreviewLadder({ businessType }: { businessType: (typeof BUSINESS_TYPES)[number] }) {
  const ladders = useLadders(businessType, 0, 10);
  return (
    <Card title={`${BUSINESS_LABEL[businessType]} ladder · top 10`}>
      {ladders.isPending ? (
        <Loading label="Loading the ladder" />
      ) : ladders.isError || !ladders.data ? (
        <Problem>The ladder could not be loaded.</Problem>
      ) : ladders.data.entries.length === 0 ? (
        <Empty>No one is ranked yet.</Empty>
      ) : (
        <LadderTable
          entries={ladders.data.entries}
          me={ladders.data.me}
          minBets={ladders.data.minBets}
          unit={BUSINESS_LABEL[businessType]}
        />
      )}
    </Card>
  );
}
