// Device info sent at login (spec section 3): platform 'web', version, osVersion, device, locale.
import type { DeviceInfo } from '@/domain/entities';

declare const __APP_VERSION__: string | undefined;

export const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

const operatingSystems: [RegExp, string][] = [
  [/Windows NT [\d.]+/, ''],
  [/Mac OS X [\d_.]+/, ''],
  [/Android [\d.]+/, ''],
  [/(?:iPhone )?OS [\d_]+ like Mac OS X/, 'iOS'],
  [/CrOS [\w.]+ [\d.]+/, ''],
  [/Linux [\w_]+/, ''],
];

const browsers: [RegExp, string][] = [
  [/Edg\/[\d.]+/, 'Edge'],
  [/Firefox\/[\d.]+/, 'Firefox'],
  [/Chrome\/[\d.]+/, 'Chrome'],
  [/Version\/[\d.]+.*Safari/, 'Safari'],
];

export function osVersionFromUserAgent(userAgent: string): string {
  for (const [pattern, name] of operatingSystems) {
    const match = userAgent.match(pattern)?.[0];
    if (match)
      return (name ? `${name} ${match.match(/[\d_]+/)?.[0] ?? ''}` : match).replace(/_/g, '.').trim();
  }
  return 'unknown';
}

export function deviceFromUserAgent(userAgent: string): string {
  for (const [pattern, name] of browsers) {
    const match = userAgent.match(pattern)?.[0];
    if (match) return `${name} ${match.match(/\d+/)?.[0] ?? ''}`.trim();
  }
  return 'Browser';
}

export function deviceInfo(nav: Pick<Navigator, 'userAgent' | 'language'> = navigator): DeviceInfo {
  return {
    platform: 'web',
    version: APP_VERSION,
    osVersion: osVersionFromUserAgent(nav.userAgent),
    device: deviceFromUserAgent(nav.userAgent),
    locale: nav.language || 'en-US',
  };
}
