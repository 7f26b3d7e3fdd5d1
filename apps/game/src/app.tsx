import { env, gameTitle } from './config/env';

/** The coin-race game frame (DESIGN.md section 8). The race itself comes with the game issue. */
export function App() {
  const title = gameTitle(env.productName);
  return (
    <main className="game">
      <title>{title}</title>
      <h1 className="game__title">{title}</h1>
      <p className="game__lead">
        The coin race of {env.productName} runs here, inside the game frame of the {env.productName} page.
      </p>
    </main>
  );
}
