/**
 * localStorage that never throws: inside a third-party iframe a browser may block storage, and the chat must
 * still work (it then forgets sizes, counts and the visitor id between visits).
 */
export const widgetStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage blocked or full: nothing to keep.
    }
  },
};
