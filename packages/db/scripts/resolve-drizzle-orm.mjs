// drizzle-kit is hoisted to the repo root while npm keeps drizzle-orm inside packages/db/node_modules, so
// drizzle-kit cannot import it on its own. This resolve hook makes drizzle-kit's `drizzle-orm` imports resolve
// from this package; `npm run generate -w @ojo/db` loads it.
import { register } from 'node:module';

const hook = `
const packageUrl = ${JSON.stringify(new URL('../package.json', import.meta.url).href)};
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return next(specifier, { ...context, parentURL: packageUrl });
  }
  return next(specifier, context);
}
`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
