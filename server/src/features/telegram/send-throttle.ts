/**
 * Spaces out Bot API sends to stay under Telegram's limits: at most `ratePerSecond` messages
 * overall (Telegram allows about 30/s per bot) and one message per chat per second. Each caller
 * reserves the next free slot, then sleeps until it; a stop signal ends the sleep early.
 */
export class SendThrottle {
  private nextSlotAt = 0;
  private readonly lastPerChat = new Map<number, number>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly perChatMs = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves when a message to `chatId` may go out; false when `signal` aborted the wait. */
  async wait(chatId: number, signal?: AbortSignal): Promise<boolean> {
    const now = this.now();
    const lastToChat = this.lastPerChat.get(chatId);
    const at = Math.max(now, this.nextSlotAt, lastToChat === undefined ? 0 : lastToChat + this.perChatMs);
    this.nextSlotAt = at + 1_000 / this.ratePerSecond;
    this.lastPerChat.set(chatId, at);
    if (this.lastPerChat.size > 1_000) this.forgetBefore(now - this.perChatMs);
    return sleep(at - now, signal);
  }

  private forgetBefore(cutoff: number): void {
    for (const [chatId, at] of this.lastPerChat) if (at < cutoff) this.lastPerChat.delete(chatId);
  }
}

/** setTimeout as a promise: true when the time passed, false when `signal` aborted it. */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
