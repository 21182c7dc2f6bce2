import { describe, expect, it } from 'vitest';
import { createClaims } from './claims.js';

describe("a process's claims on posts", () => {
  it('gives each claim statement its own claim under the worker id', () => {
    const claims = createClaims('w1');
    expect([claims.next(), claims.next()]).toEqual(['w1:1', 'w1:2']);
    expect(claims.isOwn('w1:7')).toBe(true);
    expect(claims.isOwn('w10:1')).toBe(false);
    expect(claims.isOwn(null)).toBe(false);
  });

  it('holds a post only under the claim it carries now', () => {
    const claims = createClaims('w1');
    claims.hold('p1', 'w1:1');
    expect(claims.isHeld({ id: 'p1', leaseOwner: 'w1:1' })).toBe(true);
    // Taken over and claimed again since: the old attempt's hold is not the post's claim.
    expect(claims.isHeld({ id: 'p1', leaseOwner: 'w1:2' })).toBe(false);
    expect(claims.isHeld({ id: 'p1', leaseOwner: null })).toBe(false);
  });

  it('renews the claims of held posts only, once each', () => {
    const claims = createClaims('w1');
    claims.hold('p1', 'w1:1');
    claims.hold('p2', 'w1:1');
    claims.hold('p3', 'w1:2');
    claims.release('p3', 'w1:2');
    // Releasing under an older claim leaves the newer hold alone.
    claims.hold('p4', 'w1:3');
    claims.release('p4', 'w1:2');
    expect(claims.active().sort()).toEqual(['w1:1', 'w1:3']);
  });
});
