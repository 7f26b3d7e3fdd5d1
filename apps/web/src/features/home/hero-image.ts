/**
 * The hero's car, the landing page's largest paint. One name for it: the hero renders it, and the build
 * it on the home page (vite.config.ts) so it does not wait for the page's code.
 */
export const HERO_CAR_SRC = '/media/hero-car.svg';
