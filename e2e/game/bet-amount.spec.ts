import { expect, test } from '@playwright/test';
import { API_URL, createProfile, registerNewPlayer, SAAS_ID, sessionJwt } from '../support/login';
import { openGame } from './game-helpers';

/**
 * The bet amount is what the player typed, never a changed number: a decimal is refused with a message (not read
 * as ten times the stake), leading zeros read as the number, and the button names the amount read, below the
 * minimum too (then disabled, with the minimum said). The e2e stack's FishXP minimum is 2 (scripts/test.mjs).
 */
test('the bet field keeps what was typed, says what is wrong and the button names the amount read', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await registerNewPlayer(page);
  await createProfile(page);
  // The daily check-in pays the new player's first points, so a small bet is covered.
  const checkIn = await fetch(`${API_URL}/v2/tasks/checkin`, {
    method: 'POST',
    headers: { saas_id: SAAS_ID, jwt_token: await sessionJwt(page.context()) },
  });
  expect(checkIn.ok).toBe(true);

  const frame = await openGame(page);
  await page.reload();
  await expect(frame.locator('main')).toHaveAttribute('data-session', 'player', { timeout: 30_000 });
  const panel = frame.getByRole('region', { name: 'Place your bets' });
  await panel.getByRole('button', { name: 'FishXP', exact: true }).click();
  const amount = panel.getByRole('textbox');
  await expect(amount).toHaveValue('2');
  const error = panel.getByTestId('bet-amount-error');

  await amount.fill('2.5');
  await expect(amount).toHaveValue('2.5');
  await expect(error).toHaveText('Whole numbers only. Please enter the amount without decimals');
  await amount.fill('2a');
  await expect(amount).toHaveValue('2a');
  await expect(error).toHaveText('Invalid character. Please enter the amount');

  // The button names the amount once a track is picked, which needs a betting phase.
  const phase = frame.locator('[data-phase]');
  const pick = panel
    .getByRole('group', { name: /Tracks/ })
    .getByRole('button')
    .first();
  const button = panel.getByRole('button', { name: /^(Bet |Enter the amount|Betting is closed|Pick )/ });
  await expect(async () => {
    await amount.fill('2a');
    await expect(phase).toHaveAttribute('data-phase', 'betting');
    if ((await pick.getAttribute('aria-pressed')) !== 'true') await pick.click({ timeout: 2_000 });
    await expect(pick).toHaveAttribute('aria-pressed', 'true', { timeout: 2_000 });

    await expect(button).toHaveText('Enter the amount', { timeout: 2_000 });
    await expect(button).toBeDisabled();

    await amount.fill('04');
    await expect(amount).toHaveValue('04');
    await expect(button).toHaveText('Bet 4 FishXP on 1 track', { timeout: 2_000 });
    await expect(button).toBeEnabled();
    await expect(error).toHaveCount(0);

    await amount.fill('1');
    await expect(button).toHaveText('Bet 1 FishXP on 1 track', { timeout: 2_000 });
    await expect(button).toBeDisabled();
    await expect(error).toHaveText('The minimum is 2 FishXP.');
  }).toPass({ timeout: 120_000 });
});
