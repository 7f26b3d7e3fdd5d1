import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TaskRewardNotice } from './task-reward-notice';

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '');

describe('TaskRewardNotice', () => {
  it('says which task was done and what it credited, in the currency the player knows', () => {
    const points = renderToStaticMarkup(
      <TaskRewardNotice reward={{ currency: 'POINT', amount: '20' }} onClose={() => {}} />,
    );
    expect(points).toContain('role="status"');
    expect(text(points)).toContain('Daily task done: Play a game, +20 FishXP');
    const ojo = renderToStaticMarkup(
      <TaskRewardNotice reward={{ currency: 'OJO', amount: '1500' }} onClose={() => {}} />,
    );
    expect(text(ojo)).toContain('+1,500 OJO');
  });
});
