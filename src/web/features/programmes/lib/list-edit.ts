/** A list with the item at `from` moved to `to` (both kept within the list); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(target, 0, item as T);
  return copy;
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/**
 * Numbered items (steps, sub-steps, decision sections) numbered 1, 2, 3 ... in their order: their number is
 * where they stand, so adding, removing or moving one never leaves a gap the checks would refuse.
 */
export function renumber<T extends object, K extends string>(list: readonly T[], key: K): T[] {
  return list.map((item, i) => ({ ...item, [key]: i + 1 }));
}
