import { loadStandInsConfig, StandInsConfigError } from './config';
import { startStandIns } from './server';

// `npm start -w @ojo/stand-ins` (started by scripts/lib/stack.mjs for `npm start` and the end-to-end stack).
try {
  const standIns = await startStandIns(loadStandInsConfig());
  console.log(
    `stand-ins for X, Telegram, Discord, Coinbase, Google, Twitter and Apple at ${standIns.url} (test users: ${standIns.url}/)`,
  );
  const stop = () => standIns.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (error) {
  if (error instanceof StandInsConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
