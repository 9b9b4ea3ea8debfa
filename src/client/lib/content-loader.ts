// Content split into chunks by key (one service page, one policy, one case study), loaded on demand and
// read with React's use(), which needs the same promise on every render: one promise per key for the
// life of the page. A chunk that failed to download is fetched again next time.
export function createContentLoader<Key extends string, Content>(loaders: Record<Key, () => Promise<Content>>) {
  const pending = new Map<Key, Promise<Content>>();
  return (key: Key): Promise<Content> => {
    let promise = pending.get(key);
    if (!promise) {
      promise = loaders[key]().catch((error: unknown) => {
        pending.delete(key);
        throw error;
      });
      pending.set(key, promise);
    }
    return promise;
  };
}
