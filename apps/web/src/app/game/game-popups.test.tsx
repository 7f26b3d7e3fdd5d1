import { objEnvelope } from '@ojo/api-contract/envelope';
import { type TaskItem, taskItemSchema, taskVerifyResultSchema } from '@ojo/api-contract/tasks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import { HomeLoginActionsProvider } from '@/lib/login-actions';
import { memberKeys } from '@/lib/query-keys';
import { clearSession, setSessionValue } from '@/lib/session-storage';
import { GamePopups } from './game-popups';

/** A task as GET /v2/tasks/list answers it (checked against the contract). */
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

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const ok = (obj: unknown) => ({ success: true, code: '0', msgKey: 'success', obj });

/** The race's own task (GET /v2/tasks/detail?taskId=411004), todo. */
const playGame = (overrides: Partial<TaskItem> = {}) =>
  apiTask({
    taskId: 411004,
    code: 'play_game',
    title: 'Play a game',
    desc: 'Play a round of the coin race [[p20]]',
    url: '/game',
    domain: 'social',
    labelName: 'TODAY',
    rewardAmount: '20',
    ...overrides,
  });

/** The quest host: the task list, the play task's detail when given, and a verify that marks the task done. */
function stubQuestHost(tasks: TaskItem[], detail?: TaskItem) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname === '/v2/tasks/list') return json(objEnvelope(taskItemSchema.array()).parse(ok(tasks)));
    if (url.pathname === '/v2/tasks/detail' && detail && url.searchParams.get('taskId') === '411004')
      return json(objEnvelope(taskItemSchema).parse(ok(detail)));
    if (url.pathname === '/v2/tasks/verify' && init?.method === 'POST') {
      const taskId = Number(url.searchParams.get('taskId'));
      const index = tasks.findIndex((task) => task.taskId === taskId);
      const task = tasks[index] as TaskItem;
      tasks[index] = { ...task, status: 1, state: 'DONE' };
      const result = {
        taskId,
        code: task.code,
        done: true,
        progress: 1,
        limit: 1,
        platform: 'X',
        connectUrl: null,
      };
      return json(objEnvelope(taskVerifyResultSchema).parse(ok(result)));
    }
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPopup(onLoginWithProvider = vi.fn()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(memberKeys.info(), { assets: [] });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <HomeLoginActionsProvider value={{ onLoginWithProvider, onOldUserLogin: vi.fn() }}>
        <MemoryRouter initialEntries={['/game']}>
          <GamePopups kind="gameTask" onClose={onClose} />
        </MemoryRouter>
      </HomeLoginActionsProvider>
    </QueryClientProvider>,
  );
  return { client, onClose, dialog: screen.getByRole('dialog', { name: 'Game tasks' }) };
}

beforeEach(() => clearSession());
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("the frame's gameTask popup (product.md 2 frame popups)", () => {
  it("lists the player's tasks with their state and action; Verify completes one and refreshes the balances", async () => {
    setSessionValue('jwt', 'stored-jwt');
    const fetchMock = stubQuestHost([
      apiTask(),
      apiTask({
        taskId: 411001,
        code: 'sign_in',
        title: 'Sign in',
        desc: 'Log in once [[p10]]',
        url: null,
        domain: 'social',
        status: 1,
        state: 'DONE',
      }),
    ]);
    const user = userEvent.setup();
    const { client, dialog } = renderPopup();

    const list = await within(dialog).findByRole('list', { name: 'Tasks' });
    const cards = within(list).getAllByTestId('task-card');
    expect(cards.map((card) => card.getAttribute('data-state'))).toEqual(['todo', 'done']);
    expect(within(cards[0] as HTMLElement).getByText('Post about OJO Arena on X')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('+100 FishXP')).toBeInTheDocument();
    expect(
      within(cards[0] as HTMLElement).getByRole('link', { name: 'Go: Post about OJO Arena on X' }),
    ).toHaveAttribute('href', 'https://x.example/intent/post?text=hi');
    expect(within(cards[1] as HTMLElement).getByText('DONE')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open the full screen' })).toHaveAttribute(
      'href',
      '/game/task',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Verify: Post about OJO Arena on X' }));
    // Every task done: the list gives way to the all-done note (product.md 2), and the member's balances refresh.
    expect(await within(dialog).findByText(/Every task is done/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Tasks' })).toBeNull();
    expect(client.getQueryState(memberKeys.info())?.isInvalidated).toBe(true);
    expect(
      fetchMock.mock.calls.some(([input]) => new URL(String(input)).searchParams.get('taskId') === '411005'),
    ).toBe(true);
  });

  it("refreshes the balances when the list shows a task the server completed on its own (the day's sign-in)", async () => {
    setSessionValue('jwt', 'stored-jwt');
    stubQuestHost([
      apiTask(),
      apiTask({ taskId: 411001, code: 'sign_in', title: 'Daily sign in', status: 1, state: 'DONE' }),
    ]);
    const { client, dialog } = renderPopup();
    await within(dialog).findByRole('list', { name: 'Tasks' });
    await waitFor(() => expect(client.getQueryState(memberKeys.info())?.isInvalidated).toBe(true));
  });

  it('leaves the balances alone when the list shows nothing done', async () => {
    setSessionValue('jwt', 'stored-jwt');
    stubQuestHost([apiTask()]);
    const { client, dialog } = renderPopup();
    await within(dialog).findByRole('list', { name: 'Tasks' });
    expect(client.getQueryState(memberKeys.info())?.isInvalidated).toBe(false);
  });

  it("shows the race's own task above the list: how it is done while todo, DONE (TODAY) once a round settled", async () => {
    setSessionValue('jwt', 'stored-jwt');
    stubQuestHost([apiTask()], playGame());
    const { dialog } = renderPopup();
    const card = await within(dialog).findByTestId('play-game-task');
    expect(card).toHaveAttribute('data-state', 'todo');
    expect(within(card).getByText('Play a game')).toBeInTheDocument();
    expect(within(card).getByText('+20 FishXP')).toBeInTheDocument();
    expect(within(card).getByText(/Done when a round you bet in settles/)).toBeInTheDocument();
    // Nothing to verify: a client's word does not complete it.
    expect(within(card).queryByRole('button')).toBeNull();
    expect(await within(dialog).findByRole('list', { name: 'Tasks' })).toBeInTheDocument();
  });

  it('shows the race task done once its reward was credited', async () => {
    setSessionValue('jwt', 'stored-jwt');
    stubQuestHost([apiTask()], playGame({ status: 1, state: 'DONE' }));
    const { dialog } = renderPopup();
    const card = await within(dialog).findByTestId('play-game-task');
    expect(card).toHaveAttribute('data-state', 'done');
    expect(within(card).getByText('DONE (TODAY)')).toBeInTheDocument();
    expect(within(card).queryByText(/Done when a round you bet in settles/)).toBeNull();
  });

  it('asks a logged-out player to log in, and loads no tasks', async () => {
    const fetchMock = stubQuestHost([apiTask()]);
    const onLoginWithProvider = vi.fn();
    const user = userEvent.setup();
    const { dialog } = renderPopup(onLoginWithProvider);

    expect(within(dialog).getByText('Log in to see your tasks and start earning.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: `Login with ${env.providerName}` }));
    expect(onLoginWithProvider).toHaveBeenCalledTimes(1);
    expect(within(dialog).queryByRole('list', { name: 'Tasks' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Open the full screen' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
