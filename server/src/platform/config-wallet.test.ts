import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const load = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'j'.repeat(40), ...env }, { persistSecrets: false });

describe('wallet configuration (issue 31)', () => {
  it('is off when no manifest URL can be known', () => {
    expect(load({}).wallet).toBeUndefined();
  });

  it('derives the manifest and the proof domains from PUBLIC_URL and MINIAPP_URL', () => {
    expect(load({ PUBLIC_URL: 'https://api.ziver.example/', MINIAPP_URL: 'https://App.Ziver.example' }).wallet).toEqual(
      {
        manifestUrl: 'https://api.ziver.example/tonconnect-manifest.json',
        network: 'mainnet',
        proofDomains: ['app.ziver.example', 'api.ziver.example'],
        appUrl: 'https://App.Ziver.example',
        publicUrl: 'https://api.ziver.example',
      },
    );
    expect(load({ MINIAPP_URL: 'http://localhost:5173' }).wallet).toMatchObject({
      manifestUrl: 'http://localhost:5173/tonconnect-manifest.json',
      proofDomains: ['localhost:5173'],
    });
  });

  it('takes an external manifest, the network and the domains as set', () => {
    expect(
      load({
        TONCONNECT_MANIFEST_URL: 'https://cdn.example/ziver/tonconnect-manifest.json',
        TON_NETWORK: 'testnet',
        TON_PROOF_DOMAINS: 'ziver.example,beta.ziver.example:8443',
      }).wallet,
    ).toEqual({
      manifestUrl: 'https://cdn.example/ziver/tonconnect-manifest.json',
      network: 'testnet',
      proofDomains: ['ziver.example', 'beta.ziver.example:8443'],
      appUrl: undefined,
      publicUrl: undefined,
    });
    // Only an external manifest: its host is the domain a wallet signs for.
    expect(load({ TONCONNECT_MANIFEST_URL: 'https://ziver.example/m.json' }).wallet?.proofDomains).toEqual([
      'ziver.example',
    ]);
  });

  it.each([
    [{ TON_NETWORK: 'devnet' }, 'TON_NETWORK'],
    [{ TON_PROOF_DOMAINS: 'https://ziver.example' }, 'TON_PROOF_DOMAINS'],
    [{ TON_PROOF_DOMAINS: 'Ziver.Example' }, 'TON_PROOF_DOMAINS'],
    [{ TON_PROOF_DOMAINS: 'a.example,,b.example' }, 'TON_PROOF_DOMAINS'],
    [{ TONCONNECT_MANIFEST_URL: 'ftp://ziver.example/m.json' }, 'TONCONNECT_MANIFEST_URL'],
  ])('fails start-up naming the bad variable (%j)', (env, name) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(name);
  });
});
