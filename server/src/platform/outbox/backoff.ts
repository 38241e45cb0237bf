/** The longest a lane pauses after outages in a row. */
const MAX_OUTAGE_PAUSE_SECONDS = 300;
/** The longest wait before one row's next try. */
const MAX_BACKOFF_SECONDS = 3_600;

/** The wait before a row's next try after a counted one: `retrySeconds`, doubled per try, at most an hour. */
export function retryBackoffSeconds(retrySeconds: number, attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, retrySeconds * 2 ** (attempts - 1));
}

/**
 * A channel's pause after an outage (the service could not be reached, or the answer never came):
 * `retrySeconds` after the first, doubling with each outage in a row, at most 5 minutes; a
 * delivery resets it. One per channel instance (the composition root builds the channels).
 */
export function createOutageBackoff(retrySeconds: number) {
  let outagesInARow = 0;
  return {
    /** Counts one more outage and answers the lane's pause, seconds. */
    next(): number {
      outagesInARow++;
      return Math.min(MAX_OUTAGE_PAUSE_SECONDS, retrySeconds * 2 ** (outagesInARow - 1));
    },
    /** A delivery went through: the next outage pauses `retrySeconds` again. */
    reset(): void {
      outagesInARow = 0;
    },
  };
}
