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

  it('a logout leaves nothing stored, and other tabs learn the session ended by a logout', () => {
    // What the browser hands other tabs: each write's new value, in order.
    const written: (string | null)[] = [];
    const recording = {
      getItem: (k: string) => localStorage.getItem(k),
      setItem: (k: string, v: string) => {
        written.push(v);
        localStorage.setItem(k, v);
      },
      removeItem: (k: string) => {
        written.push(null);
        localStorage.removeItem(k);
      },
    } as Storage;
    const store = createSessionStore('test:', recording, window);
    const seen: unknown[] = [];
    store.subscribe((stored, loggedOut) => seen.push([stored, loggedOut]));
    store.save(session);
    written.length = 0;
    store.clear('logout');
    expect(Object.keys(localStorage)).toEqual([]);
    for (const newValue of written)
      window.dispatchEvent(new StorageEvent('storage', { key: 'test:session', newValue }));
    expect(seen).toEqual([
      [null, true],
      [null, false],
    ]);
  });
});
