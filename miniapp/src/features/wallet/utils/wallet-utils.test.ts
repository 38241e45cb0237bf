import { describe, expect, it } from 'vitest';
import { shortAddress } from './wallet-format';
import { tonProofRequestOf, type ConnectedWalletLike } from './ton-proof-request';

const RAW = `0:${'ab'.repeat(32)}`;

function buildConnectedWallet(overrides: Partial<ConnectedWalletLike> = {}): ConnectedWalletLike {
  return {
    account: { address: RAW, chain: '-239', publicKey: 'cd'.repeat(32), walletStateInit: 'te6cckEBAQEAAgAAAEysuc0=' },
    connectItems: {
      tonProof: {
        name: 'ton_proof',
        proof: {
          timestamp: 1_764_000_000,
          domain: { lengthBytes: 11, value: 'example.org' },
          payload: 'payload-1',
          signature: 'c2lnbmF0dXJl',
        },
      },
    },
    ...overrides,
  };
}

describe('shortAddress', () => {
  it('keeps the first and last six characters of a user-friendly address', () => {
    expect(shortAddress('UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG')).toBe('UQBvW8…0XggGG');
  });

  it('leaves a short text as it is', () => {
    expect(shortAddress('EQabc')).toBe('EQabc');
  });
});

describe('tonProofRequestOf', () => {
  it('sends the account and the signed proof, with the state init beside the proof', () => {
    expect(tonProofRequestOf(buildConnectedWallet())).toEqual({
      address: RAW,
      network: '-239',
      public_key: 'cd'.repeat(32),
      proof: {
        timestamp: 1_764_000_000,
        domain: { lengthBytes: 11, value: 'example.org' },
        signature: 'c2lnbmF0dXJl',
        payload: 'payload-1',
        state_init: 'te6cckEBAQEAAgAAAEysuc0=',
      },
    });
  });

  it('is null when the wallet answered the proof with an error', () => {
    const wallet = buildConnectedWallet({
      connectItems: { tonProof: { name: 'ton_proof', error: { code: 400, message: 'not supported' } } },
    });
    expect(tonProofRequestOf(wallet)).toBeNull();
  });

  it('is null without a proof item or without a public key', () => {
    expect(tonProofRequestOf(buildConnectedWallet({ connectItems: {} }))).toBeNull();
    const base = buildConnectedWallet();
    expect(tonProofRequestOf({ ...base, account: { ...base.account, publicKey: undefined } })).toBeNull();
  });
});
