import { deviceFromUserAgent, deviceInfo, osVersionFromUserAgent } from './device-info';

const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const safariOnMac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const edgeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('device info', () => {
  it.each([
    [chromeOnLinux, 'Linux x86.64', 'Chrome 156'],
    [safariOnMac, 'Mac OS X 10.15.7', 'Safari 18'],
    [edgeOnWindows, 'Windows NT 10.0', 'Edge 130'],
    [safariOnIphone, 'iOS 17.5', 'Safari 17'],
    ['curl/8', 'unknown', 'Browser'],
  ])('reads the OS and browser from %s', (userAgent, os, device) => {
    expect(osVersionFromUserAgent(userAgent)).toBe(os);
    expect(deviceFromUserAgent(userAgent)).toBe(device);
  });

  it("says platform 'web' with the locale", () => {
    expect(deviceInfo({ userAgent: chromeOnLinux, language: 'de-DE' })).toMatchObject({
      platform: 'web',
      osVersion: 'Linux x86.64',
      device: 'Chrome 156',
      locale: 'de-DE',
    });
    expect(deviceInfo({ userAgent: chromeOnLinux, language: '' }).locale).toBe('en-US');
  });
});
