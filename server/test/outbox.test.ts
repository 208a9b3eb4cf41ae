// No Postgres database: mail files in a folder and the configuration.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printOutbox } from '../src/cli/outbox-command';
import { invitationMail } from '../src/invitations/invitation-mail';
import { decodeHeaderValue, decodeQuotedPrintable, parseEml } from '../src/mail/eml';
import { DEFAULT_MAIL_FROM } from '../src/mail/mailer';
import { listOutbox } from '../src/mail/outbox';
import { createOutboxMailer } from '../src/mail/outbox-mailer';
import { ConfigError, loadConfig, outboxDir, storageDir } from '../src/settings/config';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'spark-outbox-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the local outbox', () => {
  it('writes one RFC 822 .eml file per mail and lists them newest first, links and non-ASCII intact', async () => {
    // A frozen clock: the Date header has whole seconds, so real time passing between the two sends
    // (a loaded machine) must not add to the second the test moves it by.
    let now = Date.parse('2026-05-04T03:02:01.000Z');
    const clock = { now: () => new Date(now) };
    const mailer = createOutboxMailer(dir, 'Spark Teams <no-reply@spark.test>', clock);
    expect(await listOutbox(dir)).toEqual([]);
    expect(await printOutbox(dir, Number.POSITIVE_INFINITY)).toBe(`The outbox is empty (${dir}).\n`);

    const link = `https://console.example/accept-invitation?key=${'K'.repeat(43)}`;
    await mailer.send(
      invitationMail({
        team: { name: 'Zürich Ünited — a rather long team name that makes the subject fold' },
        inviter: { fullName: 'Jürgen Müller', email: 'j@z.test' },
        invitee: { email: 'first@z.test' },
        link,
        expiresAt: new Date('2030-01-01T00:00:00Z'),
      }),
    );
    now += 1000;
    await mailer.send({ to: 'second@z.test', subject: 'Plain', text: 'No link here.\n' });

    const entries = await listOutbox(dir);
    expect(entries.map((e) => e.to)).toEqual(['second@z.test', 'first@z.test']);
    expect(entries[0]).toMatchObject({ subject: 'Plain', link: null });
    expect(entries[1]).toMatchObject({
      subject:
        'Jürgen Müller invited you to Zürich Ünited — a rather long team name that makes the subject fold on Spark',
      link,
    });
    expect(entries[1]?.text).toContain('The link works once and expires on Tue, 01 Jan 2030 00:00:00 GMT.');
    expect((entries[0]?.date?.getTime() ?? 0) - (entries[1]?.date?.getTime() ?? 0)).toBe(1000);
    expect(entries[1]?.file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{12}\.eml$/);

    const printed = await printOutbox(dir, 1);
    expect(printed).toContain('2 message(s) in');
    expect(printed).toContain('second@z.test  Plain');
    expect(printed).not.toContain('first@z.test');
    expect(printed).toContain('(1 older not shown)');
  });

  it('ignores files that are not finished messages', async () => {
    await writeFile(path.join(dir, '.half-written.eml.tmp'), 'From: x');
    await writeFile(path.join(dir, 'notes.txt'), 'hello');
    expect(await listOutbox(dir)).toHaveLength(2);
  });
});

describe('reading .eml', () => {
  it('decodes encoded words, quoted-printable and base64 bodies, folded headers', () => {
    expect(decodeHeaderValue('=?UTF-8?Q?J=C3=BCrgen_M?= =?UTF-8?B?w7xsbGVy?= says hi')).toBe(
      'Jürgen Müller says hi',
    );
    expect(decodeQuotedPrintable('a=3Db=\r\nc =C3=A9')).toBe('a=bc é');
    const mail = parseEml(
      [
        'To: someone@x.test',
        'Subject: =?UTF-8?Q?one?=',
        ' =?UTF-8?Q?_two?=',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('Grüße\r\n').toString('base64'),
      ].join('\r\n'),
    );
    expect(mail.headers.get('subject')).toBe('one two');
    expect(mail.text).toBe('Grüße\n');
  });
});

describe('mail configuration', () => {
  it('uses SMTP only with an smtp:// or smtps:// SMTP_URL, else the outbox in DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/spark-data' });
    expect(config).toMatchObject({ smtpUrl: null, mailFrom: DEFAULT_MAIL_FROM });
    expect(outboxDir(config)).toBe('/tmp/spark-data/outbox');
    expect(storageDir(config)).toBe('/tmp/spark-data/storage');
    expect(
      loadConfig({ SMTP_URL: ' smtp://user:pass@mail.example:587 ', MAIL_FROM: 'Acme <a@acme.test>' }),
    ).toMatchObject({ smtpUrl: 'smtp://user:pass@mail.example:587', mailFrom: 'Acme <a@acme.test>' });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example' }).smtpUrl).toBe('smtps://mail.example');
    for (const bad of ['http://mail.example', 'mail.example:25', 'smtp://']) {
      expect(() => loadConfig({ SMTP_URL: bad }), bad).toThrow(ConfigError);
    }
  });
});
