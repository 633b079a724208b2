// Lint fixture: an internal module of the bills feature.
export function findBillNames(): string[] {
  return ['electricity'];
}
