import { createSessionStore, parseStoredSession } from './session-storage';

const session = { refreshToken: 'rt_1', accessToken: 'at', expiresAt: 100, uid: 7 };

describe('session storage', () => {
  beforeEach(() => localStorage.clear());

  it('saves, loads and clears one entry under the prefix', () => {
    const store = createSessionStore('test:', localStorage, window);
    store.save(session);
    expect(Object.keys(localStorage)).toEqual(['test:session']);
    expect(store.load()).toEqual(session);
    store.clear();
    expect(store.load()).toBeNull();
  });

  it('keeps sessions of different prefixes apart', () => {
    createSessionStore('a:', localStorage, window).save(session);
    expect(createSessionStore('b:', localStorage, window).load()).toBeNull();
  });

  it.each(['not json', '{}', '{"refreshToken":""}', '[1]', 'null'])('reads %s as no session', (text) => {
    expect(parseStoredSession(text)).toBeNull();
  });

  it('tells subscribers when another tab changes the entry', () => {
    const store = createSessionStore('test:', localStorage, window);
    const seen: unknown[] = [];
    const unsubscribe = store.subscribe((stored) => seen.push(stored));
    localStorage.setItem('test:session', JSON.stringify(session));
    window.dispatchEvent(new StorageEvent('storage', { key: 'test:session' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other-key' }));
    localStorage.removeItem('test:session');
    window.dispatchEvent(new StorageEvent('storage', { key: 'test:session' }));
    unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: 'test:session' }));
    expect(seen).toEqual([session, null]);
  });
});
