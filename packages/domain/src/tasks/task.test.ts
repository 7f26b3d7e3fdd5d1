import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  areAllTasksDone,
  isTaskDone,
  isTaskDoneForUser,
  splitTaskDescription,
  taskDoneLabel,
  taskProgressText,
  taskVerifyErrorAction,
} from './task';
import { taskIconDomain } from './task-domain';

describe("product.md 2 Task page: 'A task description may carry a marker [[p<number>]]. It is split into a plain description and a point value.'", () => {
  it('splits the marker off', () => {
    expect(splitTaskDescription('Follow us on X [[p50]]')).toEqual({
      description: 'Follow us on X',
      points: 50,
    });
    expect(splitTaskDescription('[[p100]] Join Discord')).toEqual({
      description: 'Join Discord',
      points: 100,
    });
    expect(splitTaskDescription('Earn [[p2.5]] points daily')).toEqual({
      description: 'Earn points daily',
      points: 2.5,
    });
  });
  it('leaves a description without marker alone', () => {
    expect(splitTaskDescription('Just a task')).toEqual({ description: 'Just a task', points: null });
    expect(splitTaskDescription('Broken [[px]] marker')).toEqual({
      description: 'Broken [[px]] marker',
      points: null,
    });
    expect(splitTaskDescription(undefined)).toEqual({ description: '', points: null });
  });
  it('property: never throws and the plain description holds no marker', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.option(fc.nat()), (text, points) => {
        const desc = points === null ? text : `${text} [[p${points}]]`;
        const split = splitTaskDescription(desc);
        if (points !== null && !/\[\[p\d/.test(text)) expect(split.points).toBe(points);
        if (split.points !== null) expect(split.description.length).toBeLessThan(desc.length);
      }),
    );
  });
});

describe("product.md 3 Task: '0 means not done, any other value means done; the state DONE also appears'", () => {
  it('reads state or status', () => {
    expect(isTaskDone({ status: 0 })).toBe(false);
    expect(isTaskDone({ status: '0' })).toBe(false);
    expect(isTaskDone({ status: 1 })).toBe(true);
    expect(isTaskDone({ status: 2 })).toBe(true);
    expect(isTaskDone({ state: 'DONE' })).toBe(true);
    expect(isTaskDone({ state: 'DONE', status: 0 })).toBe(true);
    expect(isTaskDone({})).toBe(false);
    expect(isTaskDone({ state: '' })).toBe(false);
  });
  it("product.md 4: 'The all-tasks-done flag is true when no task has status 0.'", () => {
    expect(areAllTasksDone([{ status: 1 }, { state: 'DONE' }])).toBe(true);
    expect(areAllTasksDone([{ status: 1 }, { status: 0 }])).toBe(false);
    expect(areAllTasksDone([])).toBe(true);
  });
});

describe("product.md 2: 'A progress text 'progress/limit' appears when limit is greater than 1.'", () => {
  it('shows progress/limit only above 1', () => {
    expect(taskProgressText({ progress: 2, limit: 5 })).toBe('2/5');
    expect(taskProgressText({ progress: null, limit: '3' })).toBe('0/3');
    expect(taskProgressText({ progress: 'x', limit: 3 })).toBe('0/3');
    expect(taskProgressText({ progress: 1, limit: 1 })).toBeNull();
    expect(taskProgressText({ progress: 0, limit: null })).toBeNull();
  });
});

describe("product.md 4: 'A done task shows DONE (TODAY if it has a label).'", () => {
  it('labels done tasks', () => {
    expect(taskDoneLabel({ status: 1 })).toBe('DONE');
    expect(taskDoneLabel({ status: 1, labelName: 'daily' })).toBe('TODAY');
    expect(taskDoneLabel({ status: 0, labelName: 'daily' })).toBeNull();
  });
});

describe("product.md 4: 'Wallet-bind tasks are done once any connected address exists.'", () => {
  it('marks wallet_bind done with any connected address', () => {
    expect(isTaskDoneForUser({ code: 'wallet_bind', status: 0 }, ['0xabc'])).toBe(true);
    expect(isTaskDoneForUser({ code: 'wallet_bind', status: 0 }, [null, ''])).toBe(false);
    expect(isTaskDoneForUser({ code: 'sign_in', status: 0 }, ['0xabc'])).toBe(false);
    expect(isTaskDoneForUser({ code: 'sign_in', status: 1 }, [])).toBe(true);
  });
});

describe('product.md 8 task verify errors', () => {
  const base = { platform: 'Twitter', taskId: 1, taskCode: 'subject_post_x' };
  it('100020 redirects to the provider connect URL', () => {
    expect(taskVerifyErrorAction({ ...base, code: '100020' })).toEqual({ kind: 'redirect' });
  });
  it('100020 when resuming after the connect page: the delayed text, no second redirect', () => {
    expect(taskVerifyErrorAction({ ...base, platform: 'Telegram', code: '100020', isResume: true })).toEqual({
      kind: 'message',
      message: 'Verification Failed. Mostly due to Telegram being delayed, please try again after 30 seconds',
      refreshTasks: false,
    });
  });
  it("100028: 'Service is currently busy, please give it another shot later.'", () => {
    expect(taskVerifyErrorAction({ ...base, code: 100028 })).toEqual({
      kind: 'message',
      message: 'Service is currently busy, please give it another shot later.',
      refreshTasks: false,
    });
  });
  it("100023: 'This {platform} has been bound to another account. Please use another Twitter to complete the task.'", () => {
    expect(taskVerifyErrorAction({ ...base, platform: 'Discord', code: '100023' })).toMatchObject({
      message:
        'This Discord has been bound to another account. Please use another Twitter to complete the task.',
    });
  });
  it("task 404006 refreshes the list: 'Verification Failed.Please try again after 30 seconds'", () => {
    expect(taskVerifyErrorAction({ ...base, taskId: 404006, code: '1' })).toEqual({
      kind: 'message',
      message: 'Verification Failed.Please try again after 30 seconds',
      refreshTasks: true,
    });
  });
  it('the error code 404006 (a task no longer offered) takes the same row', () => {
    expect(taskVerifyErrorAction({ ...base, code: '404006' })).toEqual({
      kind: 'message',
      message: 'Verification Failed.Please try again after 30 seconds',
      refreshTasks: true,
    });
  });
  it("osp_profile_create: 'Please try again after successfully creating a profile'", () => {
    expect(taskVerifyErrorAction({ ...base, taskCode: 'osp_profile_create', code: '1' })).toMatchObject({
      message: 'Please try again after successfully creating a profile',
    });
  });
  it("other: 'Verification Failed. Mostly due to {platform} being delayed, please try again after 30 seconds'", () => {
    expect(taskVerifyErrorAction({ ...base, code: 'x' })).toMatchObject({
      message: 'Verification Failed. Mostly due to Twitter being delayed, please try again after 30 seconds',
    });
  });
});

describe("product.md 2: 'an icon by domain (social, discord, twitter, wallet, telegram)'", () => {
  it('maps known domains and falls back to social', () => {
    expect(taskIconDomain('discord')).toBe('discord');
    expect(taskIconDomain('Telegram')).toBe('telegram');
    expect(taskIconDomain('unknown')).toBe('social');
    expect(taskIconDomain(null)).toBe('social');
  });
});
