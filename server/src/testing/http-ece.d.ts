// The part of `http_ece` (no published types) the push service stand-in uses.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  type DecryptParams = { version: 'aes128gcm'; privateKey: ECDH; authSecret: string | Buffer };
  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
