/**
 * The items in groups by a key: key → the values of its items, in the items' order. A key no item has is not in the
 * map (callers read `.get(key) ?? []`).
 */
export function groupedBy<Item, Key, Value>(
  items: Iterable<Item>,
  keyOf: (item: Item) => Key,
  entryOf: (item: Item) => Value,
): Map<Key, Value[]> {
  const groups = new Map<Key, Value[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(entryOf(item));
    else groups.set(key, [entryOf(item)]);
  }
  return groups;
}
