import { ENVELOPE_MESSAGE_MAX, errorEnvelope } from '@ojo/api-contract/envelope';
import { InsufficientBalanceError } from '@ojo/db/ledger';
import { PROFILE_ERRORS } from '@ojo/domain/error-catalogue';
import { createPublicClient, http } from 'viem';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors';
import { isUpstreamUnavailable, toErrorResponse } from '../../src/plugins/error-handler';
import { closedPortUrl } from '../helpers';

describe('error handler', () => {
  it('answers 503, not 500, when the chain cannot be reached (a real viem call to a closed port)', async () => {
    const client = createPublicClient({ transport: http(await closedPortUrl(), { retryCount: 0 }) });
    const error = await client.getBlockNumber().catch((caught: unknown) => caught);
    expect(isUpstreamUnavailable(error)).toBe(true);
    const response = toErrorResponse(error);
    expect(response.statusCode).toBe(503);
    expect(response.body).toMatchObject({ success: false, msgKey: 'chain.unavailable' });
    expect(response.isBug).toBe(false);
  });

  it('keeps a real bug a 500 without details', () => {
    const response = toErrorResponse(new TypeError('x is undefined'));
    expect(response.statusCode).toBe(500);
    expect(response.body.message).toBe('Internal server error');
    expect(response.isBug).toBe(true);
  });

  it('passes an AppError through with its status and code', () => {
    const response = toErrorResponse(new AppError(409, PROFILE_ERRORS.handleTaken, 'taken'));
    expect(response).toMatchObject({
      statusCode: 409,
      body: { code: 'HANDLE_TAKEN', msgKey: 'HANDLE_TAKEN', message: 'taken' },
    });
  });

  it('answers a balance no longer covering a move 422 with a code: the ledger check or the database refusal', () => {
    const overdrafts = [
      new InsufficientBalanceError(10n, 20n),
      // What node-postgres throws when the balance trigger would overdraw, wrapped as Drizzle wraps it.
      new Error('Failed query', {
        cause: Object.assign(new Error('new row violates check constraint'), {
          code: '23514',
          constraint: 'ledger_balances_not_negative',
        }),
      }),
    ];
    for (const error of overdrafts) {
      expect(toErrorResponse(error)).toMatchObject({
        statusCode: 422,
        body: { code: 'BALANCE_INSUFFICIENT', msgKey: 'ledger.balance.insufficient' },
        isBug: false,
      });
    }
    const otherCheck = Object.assign(new Error('check'), { code: '23514', constraint: 'something_else' });
    expect(toErrorResponse(otherCheck).statusCode).toBe(500);
  });

  it('cuts the message of a refusal naming thousands of fields to the bound the answer is checked against', () => {
    const validation = Array.from({ length: 5000 }, (_, index) => ({
      instancePath: `/items/${index}/name`,
      message: 'Invalid input: expected string, received number',
    }));
    const response = toErrorResponse(
      Object.assign(new Error('invalid'), { validation, validationContext: 'body' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.body.message.startsWith('body.items.0.name: Invalid input')).toBe(true);
    expect(response.body.message.length).toBe(ENVELOPE_MESSAGE_MAX);
    expect(errorEnvelope.safeParse(response.body).success).toBe(true);
  });
});
