// autocannon runs of the bench (scripts/bench.mjs and its sections), with the server's CPU time.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
export function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return undefined;
  }
}

/**
 * Runs autocannon for `seconds`; with `pid`, also the server process's CPU time per request (µs):
 * unlike req/s on a shared machine, it does not depend on how much CPU the other processes leave.
 */
export function runCannon(name, options, pid, seconds) {
  const cpuBefore = pid ? processCpuMs(pid) : undefined;
  return new Promise((resolve, reject) => {
    autocannon({ duration: seconds, ...options }, (error, result) => {
      if (error) return reject(error);
      const non2xx = result.non2xx ?? 0;
      const cpuAfter = pid ? processCpuMs(pid) : undefined;
      resolve({
        cpuUsPerRequest:
          cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
            ? Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total)
            : undefined,
        name,
        connections: options.connections,
        requestsPerSec: Math.round(result.requests.average),
        requests: result.requests.total,
        latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
        non2xx,
        errors: result.errors + result.timeouts,
      });
    });
  });
}
