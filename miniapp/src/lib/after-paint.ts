/**
 * Runs `task` once the next frame has been painted: work that must not delay what the user is
 * about to see (loading the other screens' texts while the first screen is drawn, for one). The
 * frame callback runs just before the paint, so the task goes in a task queued from it. A hidden
 * page paints no frames: `fallbackMs` later the task runs anyway.
 */
export function afterNextPaint(task: () => void, fallbackMs = 1_000): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    task();
  };
  const fallback = setTimeout(run, fallbackMs);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
}
