import { describe, expect, it } from 'vitest';
import { escapeLittleText, linkedinErrorMessage } from './linkedin.js';
import { FAILED_TO_POST, twitterErrorMessage } from './twitter-api.js';

describe('X error messages', () => {
  it('shows the specific parameter message of an invalid-request problem', () => {
    const body = JSON.stringify({
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      errors: [{ message: '$.media.media_ids: must have a maximum of 4 items' }],
    });
    expect(twitterErrorMessage(400, body)).toBe('$.media.media_ids: must have a maximum of 4 items');
  });

  it("shows a problem's detail", () => {
    const body = JSON.stringify({
      title: 'Forbidden',
      detail: 'You are not allowed to create a Tweet with duplicate content.',
    });
    expect(twitterErrorMessage(403, body)).toBe(
      'You are not allowed to create a Tweet with duplicate content.',
    );
  });

  it("falls back to 'Failed to post to Twitter' when the body says nothing usable", () => {
    expect(twitterErrorMessage(500, '<html>oops</html>')).toBe(FAILED_TO_POST);
    expect(twitterErrorMessage(500, '{}')).toBe(FAILED_TO_POST);
  });
});

describe('LinkedIn text and errors', () => {
  it('escapes every little-text reserved character with a backslash', () => {
    expect(escapeLittleText('a\\b|c{d}e@f[g]h(i)j<k>l#m*n_o~p')).toBe(
      'a\\\\b\\|c\\{d\\}e\\@f\\[g\\]h\\(i\\)j\\<k\\>l\\#m\\*n\\_o\\~p',
    );
    expect(escapeLittleText('plain words, 100% fine!')).toBe('plain words, 100% fine!');
  });

  it("prefixes the response text with 'Backend error: '", () => {
    expect(linkedinErrorMessage(422, '{"message":"dup"}')).toBe('Backend error: {"message":"dup"}');
    expect(linkedinErrorMessage(502, '')).toBe('Backend error: HTTP 502');
  });
});
