import { describe, expect, it } from 'vitest';
import { wrapFloor } from './floor';

describe('wrapFloor', () => {
  it.each([
    ['up from the ground floor', 0, 1, 4, 1],
    ['up from the last floor wraps to the first', 3, 1, 4, 0],
    ['down from the first floor wraps to the last', 0, -1, 4, 3],
    ['down in the middle', 2, -1, 4, 1],
    ['a single floor stays', 0, 1, 1, 0],
    ['no floors gives 0', 0, -1, 0, 0],
  ])('%s', (_name, current, step, count, expected) => {
    expect(wrapFloor(current, step, count)).toBe(expected);
  });
});
