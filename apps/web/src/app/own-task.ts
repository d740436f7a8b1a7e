/**
 * Runs `work` in a task of its own, after the current one, and returns a cancel. The first render's effects
 * all run in one task: start-up work that need not be in it (a page view's beacon, a script tag) goes here,
 * so no single task blocks a phone's main thread for long (decision 105).
 */
export function inOwnTask(work: () => void): () => void {
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/** Ends the current task: the browser can paint and handle input before the next step of start-up. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
