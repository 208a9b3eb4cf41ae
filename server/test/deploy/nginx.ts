// nginx as docs/operations.md deploys it, for server/test/deploy-nginx.test.ts: Debian's nginx run in
// the foreground from a temporary prefix, with the manual's own files (docs/deploy/): the upstream
// block of nginx-site.conf with the test's server addresses, and spark-proxy.conf included as it is.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const deployDir = path.resolve(import.meta.dirname, '../../../docs/deploy');
/** The manual's proxy settings, included unchanged. */
export const PROXY_CONF = path.join(deployDir, 'spark-proxy.conf');
const SITE_CONF = path.join(deployDir, 'nginx-site.conf');
const START_TIMEOUT_MS = 15_000;

/** The nginx binary: on PATH or where Debian puts it; null when nginx is not installed. */
export function findNginx(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    const candidate = path.join(dir, 'nginx');
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

/** nginx-site.conf's `upstream spark { ... }` with its two example servers replaced by ours. */
export async function upstreamBlock(servers: [string, string]): Promise<string> {
  const site = await readFile(SITE_CONF, 'utf8');
  const block = /^upstream spark \{[\s\S]*?^\}/m.exec(site)?.[0];
  if (!block) throw new Error(`${SITE_CONF} has no upstream spark block`);
  const examples = [...block.matchAll(/server (\S+:\d+)/g)].map((match) => match[1] as string);
  if (examples.length !== 2)
    throw new Error(`expected two servers in ${SITE_CONF}, found ${examples.length}`);
  return block.replace(examples[0] as string, servers[0]).replace(examples[1] as string, servers[1]);
}

export interface RunningNginx {
  url: string;
  /** The access log so far: one line per request, `status upstream_addr upstream_status method uri`. */
  accessLog(): Promise<string>;
  errorLog(): Promise<string>;
  output(): string;
  stop(): Promise<void>;
}

/** Starts nginx on 127.0.0.1:port in front of `servers` (host:port), its files under `dir`. */
export async function startNginx(
  binary: string,
  dir: string,
  port: number,
  servers: [string, string],
): Promise<RunningNginx> {
  const conf = path.join(dir, 'nginx.conf');
  const temp = (name: string) => path.join(dir, name);
  await writeFile(
    conf,
    [
      // As root nginx would hand its workers to 'nobody', who cannot reach the test's folders.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${temp('nginx.pid')};`,
      `error_log ${temp('error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      "  log_format upstreams '$status $upstream_addr $upstream_status $request_method $uri';",
      `  access_log ${temp('access.log')} upstreams;`,
      `  client_body_temp_path ${temp('client_body')};`,
      `  proxy_temp_path ${temp('proxy')};`,
      `  fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')};`,
      `  scgi_temp_path ${temp('scgi')};`,
      await upstreamBlock(servers),
      '  server {',
      `    listen 127.0.0.1:${port};`,
      `    include ${PROXY_CONF};`,
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  let output = '';
  const child: ChildProcess = spawn(
    binary,
    ['-p', dir, '-e', temp('error.log'), '-c', conf, '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const readLog = async (name: string) => readFile(temp(name), 'utf8').catch(() => '');
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited (${child.exitCode}):\n${output}\n${await readLog('error.log')}`);
    const answer = await fetch(`${url}/healthz`).catch(() => null);
    if (answer?.ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer in time:\n${output}\n${await readLog('error.log')}`);
    }
    await sleep(100);
  }
  return {
    url,
    accessLog: () => readLog('access.log'),
    errorLog: () => readLog('error.log'),
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
