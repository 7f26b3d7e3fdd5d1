import type { Lane } from '../race';

/** Five lanes; each coin runs toward the finish line by its live % change (the leader furthest). */
export function RaceTrack({
  lanes,
  myTracks,
  started,
}: {
  lanes: Lane[];
  myTracks: ReadonlySet<string>;
  /** False while betting: no places yet. */
  started: boolean;
}) {
  return (
    <ol className="track" aria-label="Race lanes">
      {lanes.map((lane) => {
        const classes = ['lane'];
        if (lane.winner) classes.push('lane--winner');
        if (myTracks.has(lane.symbol)) classes.push('lane--mine');
        const direction = lane.change.startsWith('-') ? 'down' : lane.change === '0.00%' ? 'flat' : 'up';
        return (
          <li
            key={lane.symbol}
            className={classes.join(' ')}
            data-track={lane.symbol}
            data-place={lane.place}
          >
            <span className="lane__number" aria-hidden>
              {lane.lane}
            </span>
            <div className="lane__road">
              <div className="lane__finish" aria-hidden />
              <div
                className="lane__coin"
                style={{ left: `calc(${(lane.position * 100).toFixed(2)}% * 0.86)` }}
              >
                <span className="coin__badge">{lane.symbol.slice(0, 4)}</span>
              </div>
            </div>
            <div className="lane__stats">
              <span className="lane__symbol">{lane.symbol}</span>
              <span
                className={`lane__change lane__change--${direction}`}
                data-testid={`change-${lane.symbol}`}
              >
                {lane.change}
              </span>
              <span className="lane__place">
                {lane.winner ? 'Winner' : started ? `#${lane.place}` : `Lane ${lane.lane}`}
                {myTracks.has(lane.symbol) ? <span className="lane__pick"> · your pick</span> : null}
              </span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
