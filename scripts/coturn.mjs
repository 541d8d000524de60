// Debian's coturn (`turnserver`) started on loopback for tests: the API's TURN tests and the
// end-to-end journey forced through a relay. Each server gets a free port, a temporary folder
// for its pid file, log and user database, and is stopped by `stop()`. Never for production:
// see docs/architecture.md, "Running coturn next to the portal".
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const TURNSERVER = 'turnserver';
const START_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;

/** Whether Debian's coturn is installed (`turnserver` and `turnutils_uclient` on the PATH). */
export function hasCoturn() {
  return ['turnserver', 'turnutils_uclient'].every(
    (program) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0,
  );
}

/** A port free for both UDP and TCP on 127.0.0.1 (coturn listens on both). */
export async function freeTurnPort() {
  for (let attempt = 0; attempt < 20; attempt++) {
    const udp = dgram.createSocket('udp4');
    const port = await new Promise((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(0, '127.0.0.1', () => resolve(udp.address().port));
    });
    const isTcpFree = await new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    udp.close();
    if (isTcpFree) return port;
  }
  throw new Error('no free port for turnserver');
}

/**
 * Starts `turnserver` on 127.0.0.1 with the TURN REST secret, no TLS/DTLS, no CLI. Tests relay
 * between two programs (or two browsers) on this machine, so `allowLoopbackPeers` is on unless
 * turned off; `deniedPeerIps` (ranges `a-b`) is what a production server denies.
 */
export async function startCoturn({
  secret,
  realm = 'carebridge.test',
  allowLoopbackPeers = true,
  deniedPeerIps = [],
} = {}) {
  if (!secret) throw new Error('startCoturn needs the shared secret');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coturn-'));
  const port = await freeTurnPort();
  const logFile = path.join(dir, 'turnserver.log');
  const args = [
    '-n',
    `--listening-ip=127.0.0.1`,
    `--relay-ip=127.0.0.1`,
    `--listening-port=${port}`,
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    `--realm=${realm}`,
    '--no-tls',
    '--no-dtls',
    '--no-cli',
    '--no-multicast-peers',
    '--fingerprint',
    `--pidfile=${path.join(dir, 'turnserver.pid')}`,
    `--log-file=${logFile}`,
    '--simple-log',
    '--no-stdout-log',
    `--db=${path.join(dir, 'turndb')}`,
    ...(allowLoopbackPeers ? ['--allow-loopback-peers'] : []),
    ...deniedPeerIps.map((range) => `--denied-peer-ip=${range}`),
  ];
  const child = spawn(TURNSERVER, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const stop = async () => {
    if (!hasExited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const log = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
  const deadline = Date.now() + START_TIMEOUT_MS;
  // Ready once its relay servers exist and it answers a STUN binding request on the port.
  while (!(log().includes('Total General servers') && (await answersStun(port)))) {
    if (hasExited || Date.now() > deadline) {
      const output = `${stderr}\n${log()}`.trim().split('\n').slice(-20).join('\n');
      await stop();
      throw new Error(`turnserver did not start on 127.0.0.1:${port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { port, url: `turn:127.0.0.1:${port}`, realm, dir, log, stop };
}

/** Whether a STUN binding request to 127.0.0.1:port gets an answer within 200 ms. */
async function answersStun(port) {
  const socket = dgram.createSocket('udp4');
  // A STUN Binding Request: type 0x0001, length 0, the magic cookie, a transaction id.
  const request = Buffer.concat([
    Buffer.from([0x00, 0x01, 0x00, 0x00, 0x21, 0x12, 0xa4, 0x42]),
    crypto.randomBytes(12),
  ]);
  try {
    return await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), 200);
      socket.once('message', () => {
        clearTimeout(timer);
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.send(request, port, '127.0.0.1');
    });
  } finally {
    socket.close();
  }
}

/** Runs a program to its end (at most `timeoutMs`): its exit code and its output. */
function run(program, args, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), output });
    });
  });
}

/** `turnutils_peer` on a free loopback port: it echoes what a relay sends it. */
export async function startTurnPeer() {
  const port = await freeTurnPort();
  const child = spawn('turnutils_peer', ['-L', '127.0.0.1', '-p', String(port)], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // It binds at once; a short pause lets it before the first packet comes.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    port,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/**
 * One TURN client session with `turnutils_uclient` over UDP: allocate a relay with these
 * credentials, bind a channel to the peer and send it one message. `allocated`: the server
 * accepted the credentials; `relayed`: the peer's echo came back through the relay.
 */
export async function tryTurnRelay({ port, username, credential, peerPort }) {
  const { code, output } = await run(
    'turnutils_uclient',
    [
      '-c',
      '-n',
      '1',
      '-m',
      '1',
      '-p',
      String(port),
      '-u',
      username,
      '-w',
      credential,
      '-e',
      '127.0.0.1',
      '-r',
      String(peerPort),
      '127.0.0.1',
    ],
    10_000,
  );
  return {
    code,
    output,
    allocated: !/Cannot complete Allocation/.test(output),
    relayed: code === 0 && /tot_recv_msgs=1\b/.test(output),
    forbidden: /403 \(Forbidden IP\)/.test(output),
  };
}
