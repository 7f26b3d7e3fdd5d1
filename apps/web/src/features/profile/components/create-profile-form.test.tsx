import { PROFILE_TEXT } from '@ojo/domain/messages';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CreateProfileForm, type ProfileActions } from './create-profile-form';

const HELP = { socialUrl: 'https://x.com/ojo', chatUrl: 'https://discord.gg/ojo' };

/** A profile service in memory: reserved names, existing handles, one profile per user. */
class MemoryProfiles implements ProfileActions {
  whitelist = ['admin', 'ojoarena'];
  taken = new Set(['racer_one']);
  mine: { handle: string; status: 'creating' | 'created' | 'failed' } | null = null;
  failNext: Error | null = null;
  /** While set, creation waits until `open` is called (to see the 'Profile Creating' view). */
  gate: { promise: Promise<void>; open: () => void } | null = null;
  hold() {
    let open = () => {};
    const promise = new Promise<void>((resolve) => {
      open = resolve;
    });
    this.gate = { promise, open };
    return open;
  }
  async getWhitelist() {
    return this.whitelist;
  }
  async getProfile() {
    return this.mine;
  }
  async createProfile(handle: string) {
    if (this.gate) await this.gate.promise;
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = null;
      throw error;
    }
    if (this.taken.has(handle)) throw Object.assign(new Error('taken'), { code: 'HANDLE_TAKEN' });
    this.taken.add(handle);
    this.mine = { handle, status: 'created' };
  }
}

let profiles: MemoryProfiles;
let created: number;
let alreadyCreated: number;

function renderForm(defaultHandle = 'c0ffee') {
  return render(
    <CreateProfileForm
      defaultHandle={defaultHandle}
      actions={profiles}
      onCreated={() => {
        created += 1;
      }}
      onAlreadyCreated={() => {
        alreadyCreated += 1;
      }}
      helpLinks={HELP}
    />,
  );
}

const input = () => screen.getByRole('textbox', { name: 'Handle' });
const createButton = () => screen.getByRole('button', { name: PROFILE_TEXT.create });

beforeEach(() => {
  profiles = new MemoryProfiles();
  created = 0;
  alreadyCreated = 0;
});

describe('product.md 2 Create profile form', () => {
  it('prefills the default handle, warns it cannot change, and enables Create', () => {
    renderForm();
    expect(input()).toHaveValue('c0ffee');
    expect(screen.getByText('The handle cannot be changed after creation.')).toBeInTheDocument();
    expect(createButton()).toBeEnabled();
  });

  it('shows the handle rule error under the input and disables Create; clear empties it', async () => {
    renderForm();
    await userEvent.clear(input());
    await userEvent.type(input(), 'Bad-Name');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Restrict input to lowercase letters,numbers,underscores,Must be 4 and 15 characters.',
    );
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(createButton()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Clear handle' }));
    expect(input()).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(createButton()).toBeDisabled();
  });

  it('refuses a whitelisted handle with the not-available text', async () => {
    renderForm('');
    await userEvent.type(input(), 'ojoarena');
    await userEvent.click(createButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This handle name is not available. Please try another.',
    );
    expect(createButton()).toBeDisabled();
    expect(created).toBe(0);
  });

  it("goes home when a profile already exists ('Your profile has been created.')", async () => {
    profiles.mine = { handle: 'earlier', status: 'created' };
    renderForm();
    await userEvent.click(createButton());
    expect(alreadyCreated).toBe(1);
    expect(profiles.taken.has('c0ffee')).toBe(false);
  });
});

describe('product.md 4 Profile creation views', () => {
  it("shows 'Profile Creating' while the profile is created, then reports success", async () => {
    const open = profiles.hold();
    renderForm();
    await userEvent.click(createButton());
    expect(await screen.findByRole('heading', { name: 'Profile Creating' })).toBeInTheDocument();
    expect(
      screen.getByText('We are still creating your on-chain profile, please wait a minute...'),
    ).toBeInTheDocument();
    open();
    await waitFor(() => expect(created).toBe(1));
    expect(profiles.mine).toEqual({ handle: 'c0ffee', status: 'created' });
  });

  it('picks up a creation already under way (after a reload) instead of saying it is done', async () => {
    profiles.mine = { handle: 'c0ffee', status: 'creating' };
    const open = profiles.hold();
    renderForm();
    await userEvent.click(createButton());
    expect(await screen.findByRole('heading', { name: 'Profile Creating' })).toBeInTheDocument();
    expect(alreadyCreated).toBe(0);
    open();
    await waitFor(() => expect(created).toBe(1));
  });

  it("offers Retry after a failed creation, and the retry's success goes on", async () => {
    profiles.mine = { handle: 'c0ffee', status: 'failed' };
    profiles.failNext = Object.assign(new Error('reverted'), { code: 'TRANSACTION_FAILED' });
    renderForm();
    await userEvent.click(createButton());
    expect(await screen.findByRole('heading', { name: 'Transaction Failed' })).toBeInTheDocument();
    expect(alreadyCreated).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(created).toBe(1));
  });

  it('returns to the form with the HANDLE_TAKEN text for a taken handle (no retry state)', async () => {
    renderForm('racer_one');
    await userEvent.click(createButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'HANDLE_TAKEN, This handle name is not available. Please try another.',
    );
    expect(screen.queryByRole('heading', { name: 'Transaction Failed' })).not.toBeInTheDocument();
    expect(created).toBe(0);
  });

  it("tells the player a daily limit's reason from the server (per client address), with Retry", async () => {
    profiles.failNext = Object.assign(
      new Error('Too many profiles were created from your network today. Please try again tomorrow.'),
      { code: 'PROFILE_CLIENT_DAILY_LIMIT' },
    );
    renderForm();
    await userEvent.click(createButton());
    expect(
      await screen.findByText(
        'Too many profiles were created from your network today. Please try again tomorrow.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_TEXT.failedBody)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("shows 'Transaction Failed' with Retry and help links on any other failure; Retry creates", async () => {
    profiles.failNext = Object.assign(new Error('reverted'), { code: 'TX_FAILED' });
    renderForm();
    await userEvent.click(createButton());
    expect(await screen.findByRole('heading', { name: 'Transaction Failed' })).toBeInTheDocument();
    expect(screen.getByText('Failed to create youe on-chain profile, please try again')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'X' })).toHaveAttribute('href', HELP.socialUrl);
    expect(screen.getByRole('link', { name: 'Discord' })).toHaveAttribute('href', HELP.chatUrl);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(created).toBe(1));
  });
});
