// A stand-in's setting as the environment gives it (STRIPE_SANDBOX, IDENTITY_SANDBOX,
// STORAGE_S3_SANDBOX), and DEMO_DATA's, which follows the same rule. Below both config.ts, which
// reads it, and stand-ins.ts, which decides with it and with the config, so neither imports the other back.

/** 'on': always; 'off': never; 'auto': only on a loopback address (stand-ins.ts). */
export type StandInSetting = 'auto' | 'on' | 'off';

/** STRIPE_SANDBOX / IDENTITY_SANDBOX: unset is 'auto'. */
export function parseStandInSetting(
  value: string | undefined,
  variable: string,
  fail: (message: string) => Error,
): StandInSetting {
  const setting = value?.trim() || 'auto';
  if (setting !== 'auto' && setting !== 'on' && setting !== 'off') {
    throw fail(`${variable} must be auto, on or off`);
  }
  return setting;
}
