// Preloaded into the alto process (node --import). See resolve-hooks.mjs for why.
import { register } from 'node:module';

register('./resolve-hooks.mjs', import.meta.url);
