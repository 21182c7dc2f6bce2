import { describe, expect, it } from 'vitest';
import { parseJsonColumn, parseJsonObject } from './json-column.js';

describe('JSON text columns', () => {
  it('reads the stored value', () => {
    expect(parseJsonColumn('["a","b"]', [])).toEqual(['a', 'b']);
    expect(parseJsonColumn('{"x":1}', {})).toEqual({ x: 1 });
    expect(parseJsonColumn('false', true)).toBe(false);
  });

  it('reads an empty column or text that is not JSON as the fallback', () => {
    expect(parseJsonColumn(null, [])).toEqual([]);
    expect(parseJsonColumn(undefined, 'none')).toBe('none');
    expect(parseJsonColumn('', {})).toEqual({});
    expect(parseJsonColumn('{broken', 'fallback')).toBe('fallback');
  });

  it('reads an object column as an object, and anything else as {}', () => {
    expect(parseJsonObject('{"pageId":"1"}')).toEqual({ pageId: '1' });
    for (const text of [null, '', 'not json', '[1,2]', '"text"', 'null', '3']) {
      expect(parseJsonObject(text)).toEqual({});
    }
  });
});
