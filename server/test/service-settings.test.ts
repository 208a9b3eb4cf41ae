// No Postgres database: it reads settings only.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/settings/config';
import { DEFAULT_SHUTDOWN_TIMEOUT_SECONDS } from '../src/settings/service-settings';

const settings = (env: Record<string, string>) => {
  const { metricsPort, shutdownTimeoutSeconds, shutdownDelaySeconds } = loadConfig({ PORT: '8080', ...env });
  return { metricsPort, shutdownTimeoutSeconds, shutdownDelaySeconds };
};

describe('METRICS_PORT and SHUTDOWN_*_SECONDS', () => {
  it('default to no metrics and a 25 s stop without delay, below Kubernetes’ 30 s grace', () => {
    expect(settings({})).toEqual({ metricsPort: null, shutdownTimeoutSeconds: 25, shutdownDelaySeconds: 0 });
    expect(DEFAULT_SHUTDOWN_TIMEOUT_SECONDS).toBeLessThan(30);
    expect(settings({ METRICS_PORT: ' ', SHUTDOWN_TIMEOUT_SECONDS: '', SHUTDOWN_DELAY_SECONDS: '' })).toEqual(
      settings({}),
    );
  });

  it('take whole numbers in range', () => {
    expect(
      settings({ METRICS_PORT: '9464', SHUTDOWN_TIMEOUT_SECONDS: '60', SHUTDOWN_DELAY_SECONDS: '5' }),
    ).toEqual({
      metricsPort: 9464,
      shutdownTimeoutSeconds: 60,
      shutdownDelaySeconds: 5,
    });
    expect(settings({ METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(settings({ PORT: '0', METRICS_PORT: '0' }).metricsPort).toBe(0);
  });

  it.each([
    [{ METRICS_PORT: 'abc' }, /METRICS_PORT must be a number from 0 to 65535/],
    [{ METRICS_PORT: '-1' }, /METRICS_PORT/],
    [{ METRICS_PORT: '65536' }, /METRICS_PORT/],
    [{ METRICS_PORT: '9464.5' }, /METRICS_PORT/],
    [{ METRICS_PORT: '1e3' }, /METRICS_PORT/],
    [{ METRICS_PORT: '8080' }, /METRICS_PORT must differ from PORT \(8080\)/],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, /SHUTDOWN_TIMEOUT_SECONDS must be a whole number from 1 to 3600/],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '2.5' }, /SHUTDOWN_TIMEOUT_SECONDS/],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '-5' }, /SHUTDOWN_TIMEOUT_SECONDS/],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '3601' }, /SHUTDOWN_TIMEOUT_SECONDS/],
    [{ SHUTDOWN_TIMEOUT_SECONDS: 'soon' }, /SHUTDOWN_TIMEOUT_SECONDS/],
    [
      { SHUTDOWN_DELAY_SECONDS: '25' },
      /SHUTDOWN_DELAY_SECONDS must be a whole number below SHUTDOWN_TIMEOUT_SECONDS \(25\)/,
    ],
    [{ SHUTDOWN_DELAY_SECONDS: '-1' }, /SHUTDOWN_DELAY_SECONDS/],
    [{ SHUTDOWN_DELAY_SECONDS: '1.5' }, /SHUTDOWN_DELAY_SECONDS/],
  ])('refuse %o at start', (env, message) => {
    expect(() => loadConfig({ PORT: '8080', ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '8080', ...env })).toThrow(message);
  });
});

describe('the checkout the server runs from', () => {
  it('serves the console built into the repository’s dist/, wherever the settings file sits', () => {
    const repoRoot = path.resolve(import.meta.dirname, '../..');
    expect(loadConfig({ PORT: '8080' }).distDir).toBe(path.join(repoRoot, 'dist'));
  });
});
