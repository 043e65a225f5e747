/** Adds an item unless one with the same id is there (then `duplicate`, list unchanged). */
export function addUnique<T extends { id: number }>(list: T[], item: T): { list: T[]; status: 'added' | 'duplicate' } {
  if (list.some((p) => p.id === item.id)) return { list, status: 'duplicate' };
  return { list: [...list, item], status: 'added' };
}

/** Removes the item with this id. */
export function removeById<T extends { id: number }>(list: T[], id: number): T[] {
  return list.filter((p) => p.id !== id);
}
