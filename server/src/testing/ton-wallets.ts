// Test helpers: real wallet contracts from @ton/ton, signing a ton_proof exactly as a wallet does.
// The message is built here from the spec, independently of verify-ton-proof.ts, so a mistake
// there cannot be mirrored by the test.
import { createHash, randomBytes } from 'node:crypto';
import { beginCell, storeStateInit, type Address, type StateInit } from '@ton/core';
import { keyPairFromSeed, sign, type KeyPair } from '@ton/crypto';
import { WalletContractV1R3, WalletContractV3R2, WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import type { TonProofRequest } from '@ziver/shared';

export type TestWallet = { keys: KeyPair; address: Address; init: StateInit };
export type WalletKind = 'v3R2' | 'v4R2' | 'v5R1' | 'v1R3';

export function newKeys(): KeyPair {
  return keyPairFromSeed(randomBytes(32));
}

/** A wallet contract of the given kind on workchain 0 (its address is its state init's hash). */
export function newWallet(kind: WalletKind, keys: KeyPair = newKeys(), workchain = 0): TestWallet {
  const args = { workchain, publicKey: keys.publicKey };
  const contract =
    kind === 'v3R2'
      ? WalletContractV3R2.create(args)
      : kind === 'v4R2'
        ? WalletContractV4.create(args)
        : kind === 'v5R1'
          ? WalletContractV5R1.create(args)
          : WalletContractV1R3.create(args);
  return { keys, address: contract.address, init: contract.init };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

/** What a wallet sends back for `ton_proof`: the account and the signed proof. */
export function signTonProof(
  wallet: TestWallet,
  options: {
    payload: string;
    domain: string;
    timestamp?: number;
    network?: '-239' | '-3';
    /** Sign with other keys (a wallet that does not own the contract). */
    signingKeys?: KeyPair;
    /** Claim another address than the state init's. */
    address?: Address;
    publicKey?: Buffer;
  },
): TonProofRequest {
  const address = options.address ?? wallet.address;
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const workchain = Buffer.alloc(4);
  workchain.writeInt32BE(address.workChain);
  const domain = Buffer.from(options.domain, 'utf8');
  const domainLength = Buffer.alloc(4);
  domainLength.writeUInt32LE(domain.length);
  const time = Buffer.alloc(8);
  time.writeBigUInt64LE(BigInt(timestamp));
  const message = Buffer.concat([
    Buffer.from('ton-proof-item-v2/'),
    workchain,
    address.hash,
    domainLength,
    domain,
    time,
    Buffer.from(options.payload),
  ]);
  const envelope = Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect'), sha256(message)]);
  const signature = sign(sha256(envelope), (options.signingKeys ?? wallet.keys).secretKey);
  return {
    address: address.toRawString(),
    network: options.network ?? '-239',
    public_key: (options.publicKey ?? wallet.keys.publicKey).toString('hex'),
    proof: {
      timestamp,
      domain: { lengthBytes: domain.length, value: options.domain },
      signature: signature.toString('base64'),
      payload: options.payload,
      state_init: beginCell().store(storeStateInit(wallet.init)).endCell().toBoc().toString('base64'),
    },
  };
}
