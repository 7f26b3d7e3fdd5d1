/**
 * Text PostgreSQL refuses: the NUL character (a text value cannot hold it) and an unpaired UTF-16 surrogate (it has
 * no UTF-8 form, and jsonb refuses its escape). A request carrying either anywhere in its params, query or body is
 * refused with a 400 before any handler runs (apps/api/src/lib/validator-compiler.ts), never a 500 from the database.
 */
export const UNSTORABLE_TEXT_MESSAGE = 'must not contain a NUL character or an unpaired surrogate';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const REFUSED_UNIT = new RegExp(`\\0|${LONE_SURROGATE.source}`, 'g');

/** Whether PostgreSQL refuses `text` as text or inside jsonb. */
export function isUnstorableText(text: string): boolean {
  return text.includes('\0') || LONE_SURROGATE.test(text);
}

/** A key as a JSON pointer segment, with refused characters written as `\uXXXX` so a message never carries them. */
function segmentOf(key: string): string {
  const shown = key.replace(REFUSED_UNIT, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return shown.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * The JSON pointers (`/items/0/name`) of every string in `value` that PostgreSQL refuses, object keys included (the
 * pointer of a refused key is the key itself). Walks with its own stack, so a deeply nested body cannot overflow it.
 */
export function unstorableTextPaths(value: unknown): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (isUnstorableText(current)) found.push(path);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1)
        stack.push([current[index], `${path}/${index}`]);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current).reverse()) {
        const keyPath = `${path}/${segmentOf(key)}`;
        if (isUnstorableText(key)) found.push(keyPath);
        else stack.push([item, keyPath]);
      }
    }
  }
  return found;
}
