import net from 'node:net';

// Tests never reach the internet: any socket to a non-loopback address fails at once.
const LOCAL = /^(localhost|127\.\d+\.\d+\.\d+|::1|\[::1\])$/;
// Test files share a worker (isolate: false), so this runs once per file: patch only once.
const PATCHED = Symbol.for('ziver.tests.blockedOutboundConnect');
const socketProto = net.Socket.prototype as typeof net.Socket.prototype & { [PATCHED]?: true };
const originalConnect = net.Socket.prototype.connect;
if (!socketProto[PATCHED]) {
  socketProto[PATCHED] = true;
  net.Socket.prototype.connect = function patchedConnect(this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const options = (typeof first === 'object' && first !== null ? first : { port: first, host: args[1] }) as {
      host?: string;
      path?: string;
    };
    if (!options.path && options.host !== undefined && typeof options.host === 'string' && !LOCAL.test(options.host)) {
      const error = new Error(`Blocked outbound connection to ${options.host} in tests`);
      process.nextTick(() => this.destroy(error));
      return this;
    }
    return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
}

// ZIVER_TEST_CPU_PROFILE=<dir>: a V8 CPU profile of each test file (worker side, including the
// in-process server), written as <dir>/<file>.cpuprofile. For finding where the suite's CPU goes.
if (process.env.ZIVER_TEST_CPU_PROFILE) {
  const { Session } = await import('node:inspector/promises');
  const { afterAll, expect } = await import('vitest');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const path = await import('node:path');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  const name = (expect.getState().testPath ?? `file-${process.pid}`).replace(/.*\/src\//, '').replaceAll('/', '_');
  afterAll(async () => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(process.env.ZIVER_TEST_CPU_PROFILE!, { recursive: true });
    writeFileSync(path.join(process.env.ZIVER_TEST_CPU_PROFILE!, `${name}.cpuprofile`), JSON.stringify(profile));
  });
}
// ZIVER_TEST_CPU_REPORT=<file>: one line per test file, appended: CPU seconds of the worker
// while the file ran (its tests and the in-process server), wall seconds, path.
if (process.env.ZIVER_TEST_CPU_REPORT) {
  const { afterAll, expect } = await import('vitest');
  const { appendFileSync } = await import('node:fs');
  const start = process.cpuUsage();
  const t0 = Date.now();
  const name = expect.getState().testPath;
  afterAll(() => {
    const u = process.cpuUsage(start);
    appendFileSync(
      process.env.ZIVER_TEST_CPU_REPORT!,
      `${((u.user + u.system) / 1e6).toFixed(2)} ${((Date.now() - t0) / 1e3).toFixed(1)} ${name}\n`,
    );
  });
}
