/**
 * Lets the browser paint and handle input between long pieces of start-up work, so that no
 * single task holds the main thread. A message, not a timer: tests that control the clock
 * (page.clock) must not stall start-up. Nothing to wait for outside a browser.
 */
export function yieldToBrowser(): Promise<void> {
  if (typeof document === "undefined") return Promise.resolve();
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
