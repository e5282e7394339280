import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';

describe('readConfig', () => {
  it('starts on port 3000 with the embedded database under .data when nothing is set', () => {
    const config = readConfig({}, '/srv/ballast');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('localhost');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/srv/ballast/.data/pglite' });
    expect(config.mode).toBe('demo');
    expect(config.trustProxy).toBe(false);
    expect(config.sessionMaxMinutes).toBe(10_080);
    expect(config.identityPublicToken).toBeUndefined();
  });

  it('uses a PostgreSQL server when DATABASE_URL is set', () => {
    const config = readConfig({ DATABASE_URL: 'postgres://app:pw@db:5432/ballast' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://app:pw@db:5432/ballast' });
  });

  it('seeds the demo scenario unless told another, and refuses an unknown one', () => {
    expect(readConfig({}).seedScenario).toBe('demo');
    expect(readConfig({ SEED_SCENARIO: 'large' }).seedScenario).toBe('large');
    expect(() => readConfig({ SEED_SCENARIO: 'huge' })).toThrow(/SEED_SCENARIO/);
  });

  it('computes simulations on a thread per core unless told a number, 0 for none', () => {
    expect(readConfig({}).engineThreads).toBe(availableParallelism());
    expect(readConfig({ ENGINE_THREADS: '0' }).engineThreads).toBe(0);
    expect(readConfig({ ENGINE_THREADS: '3' }).engineThreads).toBe(3);
    expect(() => readConfig({ ENGINE_THREADS: '-1' })).toThrow(/ENGINE_THREADS/);
    expect(() => readConfig({ ENGINE_THREADS: 'many' })).toThrow(/ENGINE_THREADS/);
  });

  it('treats an empty variable as unset', () => {
    expect(readConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('names every bad variable in one error', () => {
    const read = () =>
      readConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db/ballast',
        IDENTITY_PUBLIC_TOKEN: 'secret-token',
      });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/PORT:/);
    expect(read).toThrow(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(read).toThrow(/IDENTITY_PUBLIC_TOKEN: must start with "public-token-"/);
  });

  it('requires real secrets, mail and a public URL in production mode', () => {
    const read = () => readConfig({ MODE: 'production' });
    expect(read).toThrow(/ENCRYPTION_KEY: is required when MODE=production/);
    expect(read).toThrow(/SMTP_URL: is required when MODE=production/);
    expect(read).toThrow(/PUBLIC_URL: is required when MODE=production/);
  });

  it('lets the first-run command do without mail in production, printing the link instead', () => {
    const production = {
      MODE: 'production',
      ENCRYPTION_KEY: 'k'.repeat(48),
      PUBLIC_URL: 'https://ballast.example.com',
    };
    expect(() => readConfig(production)).toThrow(/SMTP_URL: is required when MODE=production/);
    expect(readConfig(production, '/srv', 'first-run').mail.smtpUrl).toBeUndefined();
    const read = () => readConfig({ MODE: 'production' }, '/srv', 'first-run');
    expect(read).toThrow(/ENCRYPTION_KEY: is required when MODE=production/);
    expect(read).toThrow(/PUBLIC_URL: is required when MODE=production/);
    expect(read).not.toThrow(/SMTP_URL/);
  });

  it('reads comma-separated lists of origins', () => {
    expect(
      readConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins,
    ).toEqual(['https://a.example', 'https://b.example']);
    expect(() => readConfig({ CORS_ORIGINS: 'not a url' })).toThrow(/CORS_ORIGINS/);
  });

  it('reads sign-in providers as JSON, and names what is wrong with them', () => {
    const providers = '[{"name":"google","clientId":"id","clientSecret":"secret"}]';
    expect(readConfig({ OAUTH_PROVIDERS: providers }).oauthProviders).toEqual([
      { name: 'google', clientId: 'id', clientSecret: 'secret' },
    ]);
    expect(() => readConfig({ OAUTH_PROVIDERS: '{not json' })).toThrow(
      /OAUTH_PROVIDERS: must be JSON/,
    );
    expect(() => readConfig({ OAUTH_PROVIDERS: '[{"name":"Google"}]' })).toThrow(
      /OAUTH_PROVIDERS\.0\.name/,
    );
  });

  it('reads connected apps as JSON', () => {
    const apps = JSON.stringify([
      {
        clientId: 'reports',
        name: 'Reports',
        redirectUris: ['https://reports.example/callback'],
        firstParty: true,
      },
    ]);
    expect(readConfig({ CONNECTED_APPS: apps }).connectedApps[0]?.clientId).toBe('reports');
    expect(() => readConfig({ CONNECTED_APPS: '[{"clientId":"x"}]' })).toThrow(
      /CONNECTED_APPS\.0\.name/,
    );
  });

  it('drops a trailing slash from PUBLIC_URL so paths join cleanly', () => {
    expect(readConfig({ PUBLIC_URL: 'https://ballast.example.com/' }).publicUrl).toBe(
      'https://ballast.example.com',
    );
  });
});
