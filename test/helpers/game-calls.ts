/** A game module's key and tick calls, each with fresh effects returned (what the game showed and played). */
import { createEffects, GameEffects, GameModule } from "../../src/toy/gamemodule";

export function keyEffects<S>(game: GameModule<S>, s: S, k: number, t: number): GameEffects {
  const fx = createEffects();
  game.key(s, k, t, fx);
  return fx;
}

export function tickEffects<S>(game: GameModule<S>, s: S, t: number): GameEffects {
  const fx = createEffects();
  game.tick(s, t, fx);
  return fx;
}
