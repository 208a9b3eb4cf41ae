// Public files: a 2 GB file uploaded to and downloaded from the real
// server (its own process, `node --import tsx server/src/main.ts`, embedded database, local store in a
// temporary DATA_DIR), beside nginx serving the same file in the same run when nginx is installed.
// Prints throughput (MB/s, 1 MB = 10^6 bytes) and the server's resident memory: at rest, the peak
// (VmHWM, reset between phases through /proc/<pid>/clear_refs) and the growth over rest.
// Run: npm run bench -- files   (BENCH_FILES_MB=256 for a quick look; the file comes from /dev/urandom).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { freePort, waitFor } from './processes';

const root = path.resolve(import.meta.dirname, '..');
const SIZE_MB = Number(process.env.BENCH_FILES_MB ?? 2048);
const SIZE = SIZE_MB * 1024 * 1024;
const run = promisify(execFile);

interface Row {
  what: string;
  seconds: number | null;
  mbps: number | null;
  restMb: number | null;
  peakMb: number | null;
  note?: string;
}
const rows: Row[] = [];

/** Resident memory of a process in MB from /proc: now (VmRSS) and the peak since the last reset (VmHWM). */
async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Resets the peak so each phase reports its own (Linux 4.0+: write 5 to clear_refs). */
async function resetPeak(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => {});
}

async function makeFile(dir: string): Promise<string> {
  const file = path.join(dir, 'payload.bin');
  // Random bytes, so nothing on the way can compress them; made once and used by every row.
  await pipeline(createReadStream('/dev/urandom', { end: SIZE - 1 }), createWriteStream(file));
  return file;
}

/** Streams the file as the `file` part of a multipart POST; resolves with the answer's body. */
function uploadStreamed(url: string, token: string, file: string): Promise<{ status: number; body: string }> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="info"\r\n\r\n${JSON.stringify({ meta: { from: 'bench' } })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payload.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + SIZE + tail.length),
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.write(head);
    const source = createReadStream(file, { highWaterMark: 1024 * 1024 });
    source.pipe(request, { end: false });
    source.on('end', () => request.end(tail));
    source.on('error', reject);
  });
}

/** Downloads and discards, counting the bytes. */
function download(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await work();
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, value };
}

const mbps = (seconds: number) => SIZE / 1e6 / seconds;

// --- the server -----------------------------------------------------------------------------------

async function benchServer(dir: string, file: string): Promise<void> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    LOG_LEVEL: 'warn',
    PUBLIC_URL: url,
  };
  delete env.DATABASE_URL;
  // Node with tsx's loader, so the pid is the server's own process (the tsx CLI would add a parent).
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${url}/api/v2/profile`, 90_000);
    const pid = child.pid as number;
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/main.ts', 'login-url', 'staff@spark.test'],
      { cwd: root, env },
    );
    const code = new URL(stdout.trim()).searchParams.get('token');
    const signIn = await fetch(`${url}/api/v2/auth/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    // A few requests first, so "at rest" is a warmed-up server rather than a cold one.
    for (let i = 0; i < 20; i++)
      await fetch(`${url}/api/v2/profile`, { headers: { authorization: `Bearer ${accessToken}` } });
    const secret = `${randomBytes(64)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 43)}=`;

    const atRest = (await memoryOf(pid)).rss;
    await resetPeak(pid);
    const up = await timed(() => uploadStreamed(`${url}/api/v1/files?s=${secret}`, accessToken, file));
    if (up.value.status !== 200) throw new Error(`upload answered ${up.value.status}: ${up.value.body}`);
    const uploaded = JSON.parse(up.value.body) as { href: string; size: number };
    if (uploaded.size !== SIZE) throw new Error(`stored ${uploaded.size} bytes of ${SIZE}`);
    const upPeak = (await memoryOf(pid)).hwm;
    rows.push({
      what: 'server: upload (multipart, streamed to disk)',
      seconds: up.seconds,
      mbps: mbps(up.seconds),
      restMb: atRest,
      peakMb: upPeak,
    });

    const downRest = (await memoryOf(pid)).rss;
    await resetPeak(pid);
    const down = await timed(() => download(`${url}${uploaded.href}`));
    if (down.value !== SIZE) throw new Error(`downloaded ${down.value} bytes of ${SIZE}`);
    const downPeak = (await memoryOf(pid)).hwm;
    rows.push({
      what: 'server: download',
      seconds: down.seconds,
      mbps: mbps(down.seconds),
      restMb: downRest,
      peakMb: downPeak,
    });
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

// --- a bare Node server, for scale when nginx is missing ---------------------------------------

/** The same file from a plain node:http server (no framework, no auth): the floor this machine sets. */
async function benchBareNode(file: string): Promise<void> {
  const port = await freePort();
  const code = `const http = require('node:http'); const fs = require('node:fs');
http.createServer((req, res) => { res.writeHead(200, { 'content-length': fs.statSync(process.argv[1]).size });
  fs.createReadStream(process.argv[1], { highWaterMark: 1024 * 1024 }).pipe(res); }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', code, file], { stdio: 'ignore' });
  try {
    await waitFor(`http://127.0.0.1:${port}/`, 90_000);
    const rest = (await memoryOf(child.pid as number)).rss;
    await resetPeak(child.pid as number);
    const down = await timed(() => download(`http://127.0.0.1:${port}/`));
    const peak = (await memoryOf(child.pid as number)).hwm;
    rows.push({
      what: 'bare node:http + fs stream: download',
      seconds: down.seconds,
      mbps: mbps(down.seconds),
      restMb: rest,
      peakMb: peak,
    });
  } finally {
    child.kill('SIGTERM');
  }
}

// --- nginx ----------------------------------------------------------------------------------------

async function findNginx(): Promise<string | null> {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    if (
      await stat(candidate).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return run('sh', ['-c', 'command -v nginx']).then(
    ({ stdout }) => stdout.trim() || null,
    () => null,
  );
}

async function benchNginx(dir: string, file: string): Promise<void> {
  const nginx = await findNginx();
  if (!nginx) {
    rows.push({
      what: 'nginx: download (same file)',
      seconds: null,
      mbps: null,
      restMb: null,
      peakMb: null,
      note: 'skipped: nginx is not installed (apt-get install nginx)',
    });
    return;
  }
  const port = await freePort();
  const prefix = path.join(dir, 'nginx');
  await run('mkdir', ['-p', path.join(prefix, 'logs')]);
  const conf = path.join(prefix, 'nginx.conf');
  await writeFile(
    conf,
    `daemon off; master_process off; worker_processes 1; error_log ${prefix}/logs/error.log; pid ${prefix}/nginx.pid;
events { worker_connections 64; }
http { access_log off; sendfile on; client_body_temp_path ${prefix}; proxy_temp_path ${prefix};
  fastcgi_temp_path ${prefix}; uwsgi_temp_path ${prefix}; scgi_temp_path ${prefix};
  server { listen 127.0.0.1:${port}; location / { root ${path.dirname(file)}; } } }
`,
  );
  const child = spawn(nginx, ['-p', prefix, '-c', conf], { stdio: 'ignore' });
  try {
    await waitFor(`http://127.0.0.1:${port}/`, 90_000);
    const rest = (await memoryOf(child.pid as number)).rss;
    await resetPeak(child.pid as number);
    const down = await timed(() => download(`http://127.0.0.1:${port}/${path.basename(file)}`));
    const peak = (await memoryOf(child.pid as number)).hwm;
    rows.push({
      what: 'nginx: download (same file)',
      seconds: down.seconds,
      mbps: mbps(down.seconds),
      restMb: rest,
      peakMb: peak,
    });
  } finally {
    child.kill('SIGTERM');
  }
}

// --- run and report -------------------------------------------------------------------------------

const dir = await mkdtemp(path.join(tmpdir(), 'spark-bench-files-'));
try {
  const made = await timed(() => makeFile(dir));
  console.log(
    `\nPublic files: a ${SIZE_MB} MiB file of random bytes (made in ${made.seconds.toFixed(1)} s), one transfer each over loopback\n`,
  );
  await benchServer(dir, made.value);
  await benchBareNode(made.value);
  await benchNginx(dir, made.value);
} finally {
  await rm(dir, { recursive: true, force: true });
}

const fixed = (value: number | null, digits = 0) => (value === null ? '-' : value.toFixed(digits));
const width = Math.max(...rows.map((row) => row.what.length));
console.log(
  `${'transfer'.padEnd(width)}  ${'seconds'.padStart(7)}  ${'MB/s'.padStart(6)}  ${'rest MB'.padStart(7)}  ${'peak MB'.padStart(7)}  ${'growth'.padStart(6)}`,
);
console.log('-'.repeat(width + 46));
for (const row of rows) {
  const growth = row.peakMb !== null && row.restMb !== null ? row.peakMb - row.restMb : null;
  console.log(
    `${row.what.padEnd(width)}  ${fixed(row.seconds, 1).padStart(7)}  ${fixed(row.mbps).padStart(6)}  ${fixed(row.restMb).padStart(7)}  ${fixed(row.peakMb).padStart(7)}  ${fixed(growth).padStart(6)}${row.note ? `  ${row.note}` : ''}`,
  );
}
const serverDown = rows.find((row) => row.what === 'server: download');
const nginxDown = rows.find((row) => row.what.startsWith('nginx') && row.mbps !== null);
const bareDown = rows.find((row) => row.what.startsWith('bare'));
console.log(
  `\nTargets: download >= 70% of nginx's throughput (${
    serverDown?.mbps && nginxDown?.mbps
      ? `${((serverDown.mbps / nginxDown.mbps) * 100).toFixed(0)}% here`
      : 'no nginx in this run'
  }); RSS growth <= 64 MB. Rest = resident memory before the transfer, peak = VmHWM during it.`,
);
if (serverDown?.mbps && bareDown?.mbps)
  console.log(
    `The server's download runs at ${((serverDown.mbps / bareDown.mbps) * 100).toFixed(0)}% of a bare node:http server's on this machine.`,
  );
