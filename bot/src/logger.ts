/** The slice of a structured logger (pino's shape) the bot needs; the server injects its own. */
export type BotLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/** Used when no logger is injected (scripts, quick tests). */
export const silentLogger: BotLogger = {
  info: () => {},
  warn: () => {},
  error: () => {},
};
