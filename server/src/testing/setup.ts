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
