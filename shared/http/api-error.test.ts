import { describe, expect, it } from 'vitest';
import { ApiError, networkError, parseErrorBody } from './api-error.js';
import { AUTH_MESSAGES } from './errors.js';

describe('the clients’ API errors', () => {
  it("keeps the server's code, message, field and details", () => {
    const error = parseErrorBody(
      422,
      JSON.stringify({
        code: 'validation_error',
        message: 'Too long',
        field: 'content',
        details: { max: 280 },
      }),
      'fallback',
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_error',
      message: 'Too long',
      field: 'content',
      details: { max: 280 },
    });
  });

  it('says the fallback for a body that is not the server’s error (a proxy page, nothing, no message)', () => {
    for (const text of ['<html>Bad Gateway</html>', '', '{"code":"conflict"}', '"text"']) {
      const error = parseErrorBody(502, text, 'Something went wrong');
      expect(error.message).toBe('Something went wrong');
      expect(error.status).toBe(502);
    }
    expect(parseErrorBody(409, '{"code":"conflict"}', 'x').code).toBe('conflict');
    expect(parseErrorBody(500, '{"code":"made_up"}', 'x').code).toBe('unknown_error');
  });

  it('reports a failed network as status 0 with the sign-in wording', () => {
    expect(networkError()).toMatchObject({
      status: 0,
      code: 'network_error',
      message: AUTH_MESSAGES.network_error,
    });
  });
});
