import { z } from 'zod';

/** The spec's token triple (section 3). */
export const tokensResponse = z.object({
  refreshToken: z.string(),
  accessToken: z.string(),
  expiresAt: z.number().int(),
});

// Device fields are informational; they are bounded so nobody stores megabytes per session.
const deviceField = z.string().max(200);

/** Device info sent at login (spec section 3): platform 'web', version, osVersion, device, locale. */
export const deviceInfoShape = {
  app: deviceField.optional(),
  platform: deviceField.optional(),
  version: deviceField.optional(),
  osVersion: deviceField.optional(),
  device: deviceField.optional(),
  locale: deviceField.optional(),
};
