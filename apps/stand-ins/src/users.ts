import { HttpError } from './http';

/** A test user of one stand-in service. Ids are numeric strings, as X, Telegram and Discord ids are. */
export interface TestUser {
  id: string;
  username: string;
  name: string;
}

const USERNAME = /^[A-Za-z0-9_]{3,32}$/;

/**
 * The test users of one service: a few listed from the start, and any a tester adds by name on a sign-in page (an
 * end-to-end test adds its own so parallel tests never share one).
 */
export class TestUsers {
  private readonly byId = new Map<string, TestUser>();
  private nextId: bigint;

  constructor(firstId: bigint, initial: string[]) {
    this.nextId = firstId;
    for (const username of initial) this.add(username);
  }

  list(): TestUser[] {
    return [...this.byId.values()];
  }

  get(id: string | undefined): TestUser | undefined {
    return id ? this.byId.get(id) : undefined;
  }

  /** Adds a user, or answers the one with that username. */
  add(username: string): TestUser {
    if (!USERNAME.test(username)) throw new HttpError(400, 'a username is 3 to 32 letters, digits or _');
    const existing = this.list().find((user) => user.username.toLowerCase() === username.toLowerCase());
    if (existing) return existing;
    const user = { id: String(this.nextId), username, name: username.replaceAll('_', ' ') };
    this.nextId += 1n;
    this.byId.set(user.id, user);
    return user;
  }
}

/** The sign-in part of a page: one button per test user, and a field to add one. */
export function userPickerHtml(users: TestUser[], fieldName: string, action: string): string {
  const buttons = users
    .map(
      (user) =>
        `<li><button type="submit" name="${fieldName}" value="${user.id}">${action} @${user.username}</button></li>`,
    )
    .join('');
  return `<ul>${buttons}</ul>
<p><label>Or a new test user <input name="new_username" autocomplete="off" placeholder="username"></label>
<button type="submit" name="${fieldName}" value="new">${action} the new user</button></p>`;
}

/** The user a picker form chose: an existing id, or a new user named in new_username. */
export function pickedUser(users: TestUsers, form: Record<string, string>, fieldName: string): TestUser {
  const choice = form[fieldName];
  if (choice === 'new') return users.add(form.new_username ?? '');
  const user = users.get(choice);
  if (!user) throw new HttpError(400, 'unknown test user');
  return user;
}
