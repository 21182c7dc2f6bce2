import { describe, expect, it } from 'vitest';
import { groupOutcome, groupStatus, postedToMessage } from './group-outcome';

describe("a group's outcome", () => {
  it('counts posted, failed and still pending versions', () => {
    expect(groupOutcome(['posted', 'failed', 'posted', 'scheduled', 'publishing'])).toEqual({
      posted: 2,
      failed: 1,
      pending: 2,
      total: 5,
    });
  });

  it("reads 'Posted to 3 of 4 accounts', in the singular for one account", () => {
    expect(postedToMessage({ posted: 3, total: 4 })).toBe('Posted to 3 of 4 accounts');
    expect(postedToMessage({ posted: 0, total: 1 })).toBe('Posted to 0 of 1 account');
  });

  it("is one status when every version shares it, 'mixed' otherwise", () => {
    expect(groupStatus(['scheduled', 'scheduled'])).toBe('scheduled');
    expect(groupStatus(['posted', 'failed'])).toBe('mixed');
    expect(groupStatus([])).toBe('mixed');
  });
});
