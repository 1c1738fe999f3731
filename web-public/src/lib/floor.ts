/** The floor index after moving by step (+1 up, -1 down), wrapping around at both ends. */
export function wrapFloor(current: number, step: number, floorCount: number): number {
  if (floorCount <= 0) return 0;
  return (((current + step) % floorCount) + floorCount) % floorCount;
}
