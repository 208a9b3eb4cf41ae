import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONSOLE_SETTINGS } from '@/domain/console-settings';

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta[name="spark-console-settings"]')) meta.remove();
  vi.resetModules();
});

describe('the operator settings in index.html', () => {
  it('set the customer-success address and the scheduling pages the console uses', async () => {
    const meta = document.createElement('meta');
    meta.name = 'spark-console-settings';
    meta.content = JSON.stringify({
      customerSuccessEmail: 'cs@example.com',
      schedulingUrls: { paid: 'https://book.example.com/cs', basic: 'https://book.example.com/sales' },
    });
    document.head.append(meta);
    vi.resetModules();
    const config = await import('@/app/config');
    expect(config.CUSTOMER_SUCCESS_EMAIL).toBe('cs@example.com');
    expect(config.schedulingLinks).toEqual({
      paid: 'https://book.example.com/cs',
      basic: 'https://book.example.com/sales',
    });
  });

  it('fall back to the defaults without a server (tests, a bare build)', async () => {
    vi.resetModules();
    const config = await import('@/app/config');
    expect(config.CUSTOMER_SUCCESS_EMAIL).toBe(DEFAULT_CONSOLE_SETTINGS.customerSuccessEmail);
    expect(config.schedulingLinks).toEqual(DEFAULT_CONSOLE_SETTINGS.schedulingUrls);
  });
});
