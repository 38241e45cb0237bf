import { createPublicKey, verify } from 'node:crypto';
import { Address, Cell, contractAddress, loadStateInit, type StateInit } from '@ton/core';
import { sha256_sync } from '@ton/crypto';
import { WalletContractV3R2, WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import { AppError, TON_CHAINS, TON_PROOF_TTL_SECONDS, type TonProofRequest, type WalletVersion } from '@ziver/shared';
import type { WalletConfig } from '../../platform/config.js';

/**
 * ton_proof verification (docs.ton.org, "How to authenticate users with ton_proof"), apart from
 * the payload, which link-wallet.ts checks against the database. Every refusal is its own
 * TON_PROOF_INVALID message, so the user (and the operator reading logs) knows which check failed.
 */

export type VerifiedWallet = {
  /** The address the proof is for, from the request and proven by the state init. */
  address: Address;
  version: WalletVersion;
  /** The 32-byte ed25519 key, read from the state init (and equal to the request's `public_key`). */
  publicKey: Buffer;
};

/**
 * The known wallet contracts, by the hash of their code cell. The code comes from @ton/ton's own
 * wallet classes (built once with a throwaway key), so no hash is typed by hand. Each entry reads
 * the public key at its contract's offset of the data cell.
 */
const KNOWN_WALLETS: ReadonlyMap<string, { version: WalletVersion; publicKeyOf: (data: Cell) => Buffer }> = (() => {
  const key = Buffer.alloc(32);
  // v3 and v4 data: seqno uint32, subwallet_id uint32, public_key bits256 (v4: then a plugins dict).
  const afterSeqnoAndSubwallet = (data: Cell) => data.beginParse().skip(64).loadBuffer(32);
  // v5r1 data: is_signature_allowed bit, seqno uint32, wallet_id int32, public_key bits256, extensions dict.
  const afterV5Header = (data: Cell) =>
    data
      .beginParse()
      .skip(1 + 32 + 32)
      .loadBuffer(32);
  const entries = [
    {
      version: 'v3R2',
      code: WalletContractV3R2.create({ workchain: 0, publicKey: key }).init.code,
      read: afterSeqnoAndSubwallet,
    },
    {
      version: 'v4R2',
      code: WalletContractV4.create({ workchain: 0, publicKey: key }).init.code,
      read: afterSeqnoAndSubwallet,
    },
    {
      version: 'v5R1',
      code: WalletContractV5R1.create({ workchain: 0, publicKey: key }).init.code,
      read: afterV5Header,
    },
  ] as const;
  return new Map(entries.map((e) => [e.code.hash().toString('hex'), { version: e.version, publicKeyOf: e.read }]));
})();

const PROOF_PREFIX = Buffer.from('ton-proof-item-v2/', 'utf8');
const CONNECT_PREFIX = Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect', 'utf8')]);

function invalid(
  key:
    | 'wrongNetwork'
    | 'domainMismatch'
    | 'timestampStale'
    | 'stateInitInvalid'
    | 'addressMismatch'
    | 'unknownWallet'
    | 'publicKeyMismatch'
    | 'signatureInvalid'
    | 'addressInvalid'
    | 'notBasechain',
): AppError {
  return new AppError('TON_PROOF_INVALID', `wallet.${key}`);
}

/** The bytes a wallet signs for a ton_proof (the spec's message, then its `ton-connect` envelope). */
export function tonProofSignedBytes(input: {
  address: Address;
  domain: string;
  timestamp: number;
  payload: string;
}): Buffer {
  const workchain = Buffer.alloc(4);
  workchain.writeInt32BE(input.address.workChain);
  const domain = Buffer.from(input.domain, 'utf8');
  const domainLength = Buffer.alloc(4);
  domainLength.writeUInt32LE(domain.length);
  const timestamp = Buffer.alloc(8);
  timestamp.writeBigUInt64LE(BigInt(input.timestamp));
  const message = Buffer.concat([
    PROOF_PREFIX,
    workchain,
    input.address.hash,
    domainLength,
    domain,
    timestamp,
    Buffer.from(input.payload, 'utf8'),
  ]);
  return sha256_sync(Buffer.concat([CONNECT_PREFIX, sha256_sync(message)]));
}

/**
 * Ed25519 by Node's own crypto (OpenSSL), not @ton/crypto's signVerify (tweetnacl in plain
 * JavaScript): same answer, but about 70 times less time blocking the event loop (decisions §23).
 */
function isSignedBy(data: Buffer, signature: Buffer, publicKey: Buffer): boolean {
  if (signature.length !== 64) return false;
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: publicKey.toString('base64url') },
      format: 'jwk',
    });
    return verify(null, data, key, signature);
  } catch {
    return false;
  }
}

function parseStateInit(base64: string): StateInit {
  try {
    const init = loadStateInit(Cell.fromBase64(base64).beginParse());
    if (!init.code || !init.data) throw new Error('state init without code or data');
    return init;
  } catch {
    throw invalid('stateInitInvalid');
  }
}

/**
 * Checks a ton_proof in the spec's order: network, domain, timestamp, then that the state init
 * hashes to the address, is a known wallet contract whose key is `public_key`, and that this key
 * signed the message. Pure: reads nothing and writes nothing.
 */
export function verifyTonProof(request: TonProofRequest, config: WalletConfig, now: Date): VerifiedWallet {
  if (request.network !== TON_CHAINS[config.network]) throw invalid('wrongNetwork');

  const { proof } = request;
  const domainBytes = Buffer.byteLength(proof.domain.value, 'utf8');
  if (proof.domain.lengthBytes !== domainBytes || !config.proofDomains.includes(proof.domain.value.toLowerCase()))
    throw invalid('domainMismatch');

  const age = Math.floor(now.getTime() / 1000) - proof.timestamp;
  if (Math.abs(age) > TON_PROOF_TTL_SECONDS) throw invalid('timestampStale');

  let address: Address;
  try {
    address = Address.parseRaw(request.address);
  } catch {
    throw invalid('addressInvalid');
  }
  // User wallets live on the basechain (0). The masterchain (-1) holds validators and system
  // contracts, not a person's wallet; no other workchain exists.
  if (address.workChain === -1) throw invalid('notBasechain');
  if (address.workChain !== 0) throw invalid('addressInvalid');
  const init = parseStateInit(proof.state_init);
  if (!contractAddress(address.workChain, init).equals(address)) throw invalid('addressMismatch');

  const wallet = KNOWN_WALLETS.get(init.code!.hash().toString('hex'));
  if (!wallet) throw invalid('unknownWallet');
  let publicKey: Buffer;
  try {
    publicKey = wallet.publicKeyOf(init.data!);
  } catch {
    throw invalid('stateInitInvalid');
  }
  if (!publicKey.equals(Buffer.from(request.public_key, 'hex'))) throw invalid('publicKeyMismatch');

  const signature = Buffer.from(proof.signature, 'base64');
  const signed = tonProofSignedBytes({
    address,
    domain: proof.domain.value,
    timestamp: proof.timestamp,
    payload: proof.payload,
  });
  if (!isSignedBy(signed, signature, publicKey)) throw invalid('signatureInvalid');

  return { address, version: wallet.version, publicKey };
}
