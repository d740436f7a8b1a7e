/**
 * What this page has kept, for as long as it is open: inside a third-party iframe a browser may refuse
 * storage altogether, and the chat must then still send its visitor id with every message, or each message
 * would be a new visitor and a new conversation in the owner's log (decision 061).
 */
const inMemory = new Map<string, string>();

/**
 * localStorage that never throws, backed by memory: where storage is blocked the chat still works, and forgets
 * sizes, counts and the visitor id only between visits (the server's partitioned cookie may still keep the id).
 */
export const widgetStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      // Storage blocked: what this page kept, if anything.
      return inMemory.get(key) ?? null;
    }
  },
  set(key: string, value: string): void {
    inMemory.set(key, value);
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage blocked or full: kept in memory only.
    }
  },
};
