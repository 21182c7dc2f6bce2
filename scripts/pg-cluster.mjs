// A private PostgreSQL for tests and benchmarks: a throw-away cluster in a temporary directory
// on a free loopback port, fsync off, removed again on stop.
//
//   import { startPgCluster, stopPgCluster } from './pg-cluster.mjs';
//   const cluster = await startPgCluster(); // cluster.url: postgres://postgres@127.0.0.1:PORT/postgres
//   await stopPgCluster(cluster);
//
//   node scripts/pg-cluster.mjs start   prints the URL (and keeps the cluster running)
//   node scripts/pg-cluster.mjs stop    stops the cluster `start` left running and removes it
//
// PostgreSQL refuses to run as root: as root the cluster runs as the `postgres` system user.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';
const PREFERRED_VERSION = '15';
const STATE_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'node_modules',
  '.cache',
  'postloom-pg-cluster.json',
);

/** Clusters started by this process, stopped when it exits if nobody stopped them first. */
const running = new Set();
let exitHookInstalled = false;

/**
 * The directory of PostgreSQL's server programs: version 15 when present, else the highest
 * under /usr/lib/postgresql. As root, installs Debian's postgresql package when none is found.
 * Throws an Error whose message says why PostgreSQL cannot be had.
 */
export function findPgBinDir({ install = true, log = defaultLog } = {}) {
  const found = installedBinDir();
  if (found) return found;
  if (!install || !isRoot()) {
    throw new Error(
      `PostgreSQL's server programs (initdb, pg_ctl) are not under ${PG_ROOT}: install Debian's postgresql package`,
    );
  }
  log("Installing Debian's PostgreSQL for the database tests");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const result = spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env });
  const installed = installedBinDir();
  if (!installed) {
    throw new Error(`apt-get install postgresql failed (exit code ${result.status ?? result.signal})`);
  }
  return installed;
}

function installedBinDir() {
  const hasServer = (dir) => ['initdb', 'pg_ctl', 'postgres'].every((p) => fs.existsSync(path.join(dir, p)));
  const preferred = path.join(PG_ROOT, PREFERRED_VERSION, 'bin');
  if (hasServer(preferred)) return preferred;
  let versions = [];
  try {
    versions = fs.readdirSync(PG_ROOT).filter((name) => /^\d+(\.\d+)?$/.test(name));
  } catch {
    return null;
  }
  versions.sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  for (const version of versions) {
    const dir = path.join(PG_ROOT, version, 'bin');
    if (hasServer(dir)) return dir;
  }
  return null;
}

/**
 * Starts a private cluster and returns { url, port, dir, binDir, user }. `url` is the
 * superuser's URL of the `postgres` database on 127.0.0.1 (trust authentication, no password).
 */
export async function startPgCluster({ log = defaultLog } = {}) {
  const binDir = findPgBinDir({ log });
  const user = isRoot() ? 'postgres' : null;
  const owner = user ? systemUser(user) : null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-pg-'));
  // mktemp makes 0700 directories; the server user must be able to enter and own this one.
  fs.chmodSync(dir, 0o755);
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const cluster = { url: '', port: 0, dir, binDir, user, dataDir: path.join(dir, 'data') };
  try {
    await runAs(user, path.join(binDir, 'initdb'), [
      '-D',
      cluster.dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
      '--no-instructions',
    ]);
    // A free port can be taken between the probe and the start: try a few.
    let lastError;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      cluster.port = await freePort();
      try {
        await runAs(user, path.join(binDir, 'pg_ctl'), pgCtlStartArgs(cluster));
        lastError = undefined;
        break;
      } catch (error) {
        lastError = error;
      }
    }
    if (lastError)
      throw new Error(`pg_ctl start failed: ${lastError.message}\n${tail(path.join(dir, 'log'))}`);
  } catch (error) {
    stopSync(cluster);
    throw error;
  }
  cluster.url = `postgres://postgres@127.0.0.1:${cluster.port}/postgres`;
  running.add(cluster);
  installExitHook();
  return cluster;
}

function pgCtlStartArgs(cluster) {
  return [
    '-D',
    cluster.dataDir,
    '-w',
    '-t',
    '60',
    '-l',
    path.join(cluster.dir, 'log'),
    '-o',
    [
      `-p ${cluster.port}`,
      `-k ${cluster.dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' '),
    'start',
  ];
}

/**
 * Stops a running cluster as a crash or an outage would (immediate shutdown) but keeps its data,
 * for tests of a server that loses its database; `resumePgCluster` starts it again on its port.
 */
export async function pausePgCluster(cluster) {
  await runAs(cluster.user, path.join(cluster.binDir, 'pg_ctl'), [
    '-D',
    cluster.dataDir,
    '-m',
    'immediate',
    '-w',
    'stop',
  ]);
}

export async function resumePgCluster(cluster) {
  await runAs(cluster.user, path.join(cluster.binDir, 'pg_ctl'), pgCtlStartArgs(cluster));
}

/** Stops a cluster immediately and removes its directory (defaults to the last one started here). */
export async function stopPgCluster(cluster = [...running].at(-1)) {
  if (cluster) stopSync(cluster);
}

function stopSync(cluster) {
  running.delete(cluster);
  if (fs.existsSync(path.join(cluster.dataDir, 'postmaster.pid'))) {
    const args = ['-D', cluster.dataDir, '-m', 'immediate', '-w', 'stop'];
    const command = path.join(cluster.binDir, 'pg_ctl');
    if (cluster.user) spawnSync('runuser', ['-u', cluster.user, '--', command, ...args], { stdio: 'ignore' });
    else spawnSync(command, args, { stdio: 'ignore' });
  }
  fs.rmSync(cluster.dir, { recursive: true, force: true });
}

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const cluster of [...running]) stopSync(cluster);
  });
}

/** Creates a database on the cluster (optionally copied from a template) and returns its URL. */
export async function createDatabase(adminUrl, { name = uniqueName('test'), template } = {}) {
  await withClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${quoteIdent(name)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`),
  );
  return databaseUrl(adminUrl, name);
}

/** Drops a database created by createDatabase (closing what still uses it). */
export async function dropDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  await withClient(databaseUrl(url, 'postgres'), (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  );
}

/** The same server's URL for another database. */
export function databaseUrl(url, name) {
  const next = new URL(url);
  next.pathname = `/${encodeURIComponent(name)}`;
  return next.toString();
}

export function uniqueName(prefix) {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function quoteIdent(name) {
  return `"${String(name).replaceAll('"', '""')}"`;
}

async function runAs(user, command, args) {
  const [file, argv] = user ? ['runuser', ['-u', user, '--', command, ...args]] : [command, args];
  try {
    await execFileAsync(file, argv, { cwd: os.tmpdir(), maxBuffer: 10 * 1024 * 1024 });
  } catch (error) {
    const output = `${error.stderr ?? ''}${error.stdout ?? ''}`.trim();
    throw new Error(`${path.basename(command)} failed: ${output || error.message}`);
  }
}

function systemUser(name) {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) {
    throw new Error(`PostgreSQL refuses to run as root and there is no "${name}" system user to run it as`);
  }
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function tail(file, lines = 20) {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function isRoot() {
  return process.getuid?.() === 0;
}

function defaultLog(message) {
  console.error(`› ${message}`);
}

async function main(command) {
  if (command === 'start') {
    const previous = readState();
    if (previous && fs.existsSync(path.join(previous.dataDir, 'postmaster.pid'))) {
      console.log(previous.url);
      return;
    }
    const cluster = await startPgCluster();
    // The CLI leaves the cluster running for a later `stop`: forget it before this process exits.
    running.delete(cluster);
    fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
    fs.writeFileSync(STATE_FILE, JSON.stringify(cluster));
    console.log(cluster.url);
  } else if (command === 'stop') {
    const cluster = readState();
    if (cluster) stopSync(cluster);
    fs.rmSync(STATE_FILE, { force: true });
  } else {
    console.error('Usage: node scripts/pg-cluster.mjs start|stop');
    process.exitCode = 2;
  }
}

function readState() {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
  } catch {
    return null;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv[2]).catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
