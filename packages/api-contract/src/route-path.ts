/**
 * Fills a declaration's `:param` segments, URL-encoded; throws on a missing parameter (a caller bug). In a module of
 * its own, without zod, so the web app's shell can call routes without loading a schema library first.
 */
export function routePath(
  route: { readonly path: string },
  params: Readonly<Record<string, string | number>> = {},
): string {
  return route.path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${route.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
