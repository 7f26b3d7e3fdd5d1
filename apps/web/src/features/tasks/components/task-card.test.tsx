import { type TaskItem, taskItemSchema } from '@ojo/api-contract/tasks';
import { areAllTasksDone } from '@ojo/domain/tasks/task';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { taskErrorOutcome } from '../hooks/task-errors';
import { TaskCard } from './task-card';

/** A task as GET /v2/tasks/list answers it (checked against the contract, so a shape the API cannot send fails). */
function apiTask(overrides: Partial<TaskItem> = {}): TaskItem {
  return taskItemSchema.parse({
    taskId: 411005,
    code: 'subject_post_x',
    status: 0,
    state: null,
    title: 'Post about OJO Arena on X',
    desc: 'Share OJO Arena with your followers [[p100]]',
    url: 'https://x.example/intent/post?text=hi',
    connectUrl: null,
    domain: 'twitter',
    labelName: null,
    icon: null,
    progress: 0,
    limit: 1,
    rewardType: 'POINT',
    rewardAmount: '100',
    ...overrides,
  });
}

function renderCard(task: TaskItem) {
  return render(
    <MemoryRouter>
      <ul>
        <TaskCard task={task} isVerifying={false} onVerify={vi.fn()} />
      </ul>
    </MemoryRouter>,
  );
}

describe('TaskCard (product.md 2 Task page, product.md 4 Tasks)', () => {
  it('a todo task: plain description, the marker as points, Go and Verify, the X icon', () => {
    const { container } = renderCard(apiTask());
    expect(screen.getByText('Share OJO Arena with your followers')).toBeInTheDocument();
    expect(screen.getByText('+100 FishXP')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify: Post about OJO Arena on X' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Go: Post about OJO Arena on X' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(container.querySelector('[data-domain="twitter"]')).not.toBeNull();
    expect(screen.queryByText(/DONE/)).toBeNull();
  });

  it("product.md 4: the list's todo tasks keep the all-done flag false (the list shows)", () => {
    expect(areAllTasksDone([apiTask(), apiTask({ status: 1, state: 'DONE' })])).toBe(false);
    expect(areAllTasksDone([apiTask({ status: 1, state: 'DONE' })])).toBe(true);
  });

  it("'progress/limit' only when limit is over 1", () => {
    renderCard(apiTask({ limit: 3, progress: 1 }));
    expect(screen.getByText('1/3')).toBeInTheDocument();
  });

  it('done: DONE, or DONE (TODAY) with a label; no Verify', () => {
    renderCard(apiTask({ status: 1, state: 'DONE' }));
    expect(screen.getByText('DONE')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Verify/ })).toBeNull();
    renderCard(apiTask({ taskId: 411001, code: 'sign_in', status: 1, state: 'DONE', labelName: 'TODAY' }));
    expect(screen.getByText('DONE (TODAY)')).toBeInTheDocument();
  });
});

describe('product.md 8 outcomes of a failed verify', () => {
  const task = { taskId: 411005, code: 'subject_post_x', domain: 'twitter' as const };
  const failure = (code: string, payload: unknown = null, status = 200) =>
    new ApiError({ kind: status === 200 ? 'envelope' : 'http', status, code, message: code, payload });

  it('100020 redirects to the connect URL the answer carries', () => {
    const outcome = taskErrorOutcome(
      failure('100020', {
        taskId: 411005,
        code: 'subject_post_x',
        done: false,
        progress: 0,
        limit: 1,
        platform: 'Twitter',
        connectUrl: 'https://x.example/authorize?state=s',
      }),
      task,
    );
    expect(outcome).toMatchObject({
      action: { kind: 'redirect' },
      connectUrl: 'https://x.example/authorize?state=s',
    });
  });

  it('100020 on the resume after the connect page is reported, not redirected again', () => {
    const telegram = { taskId: 411003, code: 'connect_tg', domain: 'telegram' as const };
    const connectAgain = failure('100020', {
      taskId: 411003,
      code: 'connect_tg',
      done: false,
      progress: 0,
      limit: 1,
      platform: 'Telegram',
      connectUrl: 'https://t.me/bot?start=s',
    });
    expect(taskErrorOutcome(connectAgain, telegram, { isResume: true }).action).toEqual({
      kind: 'message',
      message: 'Verification Failed. Mostly due to Telegram being delayed, please try again after 30 seconds',
      refreshTasks: false,
    });
  });

  it('404006 refreshes the list; 100028 from the rate limit is busy; anything else names the platform', () => {
    expect(taskErrorOutcome(failure('404006', null, 404), task).action).toEqual({
      kind: 'message',
      message: 'Verification Failed.Please try again after 30 seconds',
      refreshTasks: true,
    });
    expect(taskErrorOutcome(failure('100028', null, 429), task).action).toMatchObject({
      message: 'Service is currently busy, please give it another shot later.',
    });
    expect(taskErrorOutcome(failure('TASK_NOT_MET'), task).action).toMatchObject({
      message: 'Verification Failed. Mostly due to Twitter being delayed, please try again after 30 seconds',
    });
  });
});
