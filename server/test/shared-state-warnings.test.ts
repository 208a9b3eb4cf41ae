// No Postgres database: the warnings are computed from the settings alone.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/settings/config';
import { sharedStateWarnings } from '../src/start/shared-state-warnings';

const base = { DATA_DIR: '/srv/spark' };
const postgres = { DATABASE_URL: 'postgres://spark@db/spark' };
const smtp = { SMTP_URL: 'smtp://mail.example.com:587' };
const s3 = {
  STORAGE_S3_BUCKET: 'spark-files',
  STORAGE_S3_REGION: 'eu-west-1',
  STORAGE_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  STORAGE_S3_SECRET_ACCESS_KEY: 'not-really-secret',
};
const warnings = (env: Record<string, string>) => sharedStateWarnings(loadConfig({ ...base, ...env }));

describe('shared-state warnings at start', () => {
  it('say nothing on the embedded database, where only one server can run', () => {
    expect(warnings({})).toEqual([]);
  });

  it('say nothing with Postgres, S3 and SMTP', () => {
    expect(warnings({ ...postgres, ...s3, ...smtp })).toEqual([]);
  });

  it('name the S3 settings when files are on local disk beside Postgres', () => {
    const lines = warnings({ ...postgres, ...smtp });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^DATABASE_URL is set, so several servers may share this database, but avatars/);
    expect(lines[0]).toContain('/srv/spark/storage');
    expect(lines[0]).toContain('/srv/spark/public-files');
    expect(lines[0]).toContain('set STORAGE_S3_BUCKET');
  });

  it('name STORAGE_S3_SANDBOX when the bucket is the stand-in on this server', () => {
    const lines = warnings({ ...postgres, ...smtp, STORAGE_S3_SANDBOX: 'on' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('turn STORAGE_S3_SANDBOX off');
  });

  it('name SMTP_URL when mail goes to the outbox beside Postgres', () => {
    const lines = warnings({ ...postgres, ...s3 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("mail goes to this server's outbox (/srv/spark/outbox)");
    expect(lines[0]).toContain('set SMTP_URL');
    expect(warnings(postgres)).toHaveLength(2);
  });

  it('never print a setting’s secret', () => {
    const all = warnings({ ...postgres, ...s3 }).join('\n');
    expect(all).not.toContain(s3.STORAGE_S3_SECRET_ACCESS_KEY);
    expect(all).not.toContain('spark@db');
  });
});
