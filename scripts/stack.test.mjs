// The promises of `npm start`: the six parts come up, the chain and bundler answer as they must, Ctrl-C
// leaves no process behind, and a second start keeps the data and the deployments.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { freeStackPorts, repoRoot } from './lib/stack.mjs';

const portEnv = await freeStackPorts();
const ports = Object.fromEntries(
  Object.entries(portEnv).map(([key, port]) => [key.replace('_PORT', '').toLowerCase(), Number(port)]),
);
const dataDir = mkdtempSync(join(tmpdir(), 'ojo-stack-'));
const env = { ...process.env, DATA_DIR: dataDir, OJO_DIST_DIR: 'dist-stack-test', ...portEnv };
/** Every start of this file, so a failed assertion still stops its stack (else the test process never exits). */
const started = [];
after(async () => {
  for (const run of started) {
    if (run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function start() {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      if (output.includes('OJO Arena is running')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) =>
      reject(new Error(`npm start exited with ${code} before it was ready:\n${output}`)),
    );
  });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const run = { child, ready, exited, output: () => output };
  started.push(run);
  return run;
}

async function rpc(port, method) {
  const response = await fetch(`http://127.0.0.1:${port}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  });
  return (await response.json()).result;
}

function listeningPorts() {
  const out = execFileSync('ss', ['-Hltn'], { encoding: 'utf8' });
  return Object.values(ports).filter((port) => new RegExp(`:${port}\\s`).test(out));
}

function processesUsing(dir) {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(dir) && !line.includes('ps -eo'));
}

const readDeployments = () => JSON.parse(readFileSync(join(dataDir, 'devnet', 'deployments.json'), 'utf8'));

test('npm start brings up the whole product, stops cleanly and keeps its data', {
  timeout: 400_000,
}, async () => {
  const first = start();
  await first.ready;

  for (const [name, heading] of [
    // The web app's landing page arrives prerendered (the hero is HTML before any script runs).
    ['web', '<div id="root" data-prerendered>'],
    ['game', '<div id="root">'],
    ['wallet', '<div id="root">'],
  ]) {
    const response = await fetch(`http://localhost:${ports[name]}/`);
    assert.ok((await response.text()).includes(heading), `${name} serves its app`);
    // Served by the production server, with the security headers of its build.
    assert.match(response.headers.get('content-security-policy') ?? '', /frame-ancestors /, name);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff', name);
  }
  const health = await (await fetch(`http://localhost:${ports.api}/healthz`)).json();
  assert.equal(health.status, 'ok');
  assert.equal(health.database.ok, true);
  assert.equal(health.chain.ok, true);
  assert.equal(health.bundler.ok, true);
  assert.equal(await rpc(ports.chain, 'eth_chainId'), '0x2b74');
  assert.ok(
    (await rpc(ports.bundler, 'eth_supportedEntryPoints')).includes(
      '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
    ),
  );

  // The X, Telegram and Discord stand-ins list their test users, and the API's bot webhook is set on them.
  const standIns = await (await fetch(`http://localhost:${ports.stand_ins}/`)).text();
  assert.match(standIns, /Stand-ins for X, Telegram, Discord, Coinbase Exchange, Google, Twitter and Apple/);
  assert.match(standIns, new RegExp(`webhook http://localhost:${ports.api}/telegram/webhook`));

  const deployments = readDeployments();
  const blockBefore = BigInt(await rpc(ports.chain, 'eth_blockNumber'));

  first.child.kill('SIGINT');
  assert.equal(await first.exited, 0);
  assert.deepEqual(listeningPorts(), [], 'no port of the stack is still open');
  assert.deepEqual(processesUsing(dataDir), [], 'no process of the stack is left');

  const second = start();
  await second.ready;
  assert.deepEqual(readDeployments(), deployments, 'the deployments are reused');
  assert.ok(BigInt(await rpc(ports.chain, 'eth_blockNumber')) >= blockBefore, 'the chain state is kept');
  second.child.kill('SIGTERM');
  assert.equal(await second.exited, 0);
  assert.deepEqual(listeningPorts(), []);
});
