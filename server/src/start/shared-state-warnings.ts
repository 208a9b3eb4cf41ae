import { type Config, outboxDir, publicFilesDir, storageDir } from '../settings/config';

const SEVERAL = 'DATABASE_URL is set, so several servers may share this database';

/**
 * Start-up warnings for state one server keeps to itself while others may run beside it: with
 * DATABASE_URL (the only set-up with several servers) an image uploaded through one server, or a
 * mail written to one server's outbox, is missing on every other. One line each, naming the setting
 * that shares it. The embedded database allows one server, so it gets none of these.
 */
export function sharedStateWarnings(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'fileStorage' | 'smtpUrl'>,
): string[] {
  if (config.databaseUrl === null) return [];
  const warnings: string[] = [];
  const files = config.fileStorage.kind;
  if (files === 'local') {
    warnings.push(
      `${SEVERAL}, but avatars, logos and public files are on this server's disk (${storageDir(config)}, ` +
        `${publicFilesDir(config)}): with more than one server set STORAGE_S3_BUCKET (and the other ` +
        'STORAGE_S3_* settings), or give every server the same DATA_DIR on a shared folder.',
    );
  } else if (files === 's3-sandbox') {
    warnings.push(
      `${SEVERAL}, but files are in the S3 stand-in on this server (STORAGE_S3_SANDBOX=on): with more ` +
        'than one server turn STORAGE_S3_SANDBOX off and point STORAGE_S3_BUCKET (and the other ' +
        'STORAGE_S3_* settings) at a real bucket.',
    );
  }
  if (config.smtpUrl === null) {
    warnings.push(
      `${SEVERAL}, but mail goes to this server's outbox (${outboxDir(config)}), not to the people ` +
        'invited: with more than one server set SMTP_URL, or give every server the same DATA_DIR on a ' +
        'shared folder.',
    );
  }
  return warnings;
}
