import { ERROR_CATALOGUE } from '@ojo/domain/error-catalogue';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { apiErrorText } from './error-text';

const FALLBACK = 'fallback';

describe('apiErrorText (the web side of the error catalogue)', () => {
  it('has a text for every msgKey the API can send (apps/api/test/error-catalogue.test.ts lists them)', () => {
    for (const [msgKey, entry] of ERROR_CATALOGUE) {
      const error = new ApiError({
        kind: 'envelope',
        status: 200,
        code: entry.code,
        msgKey,
        message: msgKey,
      });
      const text = apiErrorText(error, FALLBACK, {
        platform: 'Twitter',
        symbol: 'ETH',
        min: 1,
        max: 1,
        n: 1,
      });
      expect(text, msgKey).not.toBe(FALLBACK);
      expect(text, msgKey).not.toBe(msgKey);
      expect(text, msgKey).not.toMatch(/\{\w+\}/);
    }
  });

  it("shows gas.daily.limit's text and falls back for an unknown key or a network failure", () => {
    const of = (msgKey?: string) =>
      new ApiError({ kind: 'http', status: 429, code: 'X', msgKey, message: 'x' });
    expect(apiErrorText(of('gas.daily.limit'), FALLBACK)).toBe(
      "You have used today's free transactions. Please try again tomorrow.",
    );
    expect(apiErrorText(of('no.such.key'), FALLBACK)).toBe(FALLBACK);
    expect(apiErrorText(new Error('offline'), FALLBACK)).toBe(FALLBACK);
  });
});
