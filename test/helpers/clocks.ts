/**
 * Clock origins for the timed key tables (debounce, key events). The firmware's time is
 * getTime() * 1000 ms: Unix time on a Linux Espruino (~1.7e12 ms, beyond 32 bits), time since
 * power-on on a Pico, which may run for weeks. The key code takes whole ms modulo 2^32 and keeps
 * per-key times as their low 16 bits, so besides Unix time the tables are re-run from just
 * before the points where those bits wrap (2^16·k, 2^32·k) or flip sign (2^15 + 2^16·k as an
 * int16, 2^31 + 2^32·k as an int32): `before` ms before them, so that the wrap falls inside the
 * intervals being timed.
 */
export function clockOrigins(before: number): { name: string; at: number }[] {
  return [
    { name: "Unix time in ms (1.764e12)", at: 1_764_000_000_000 },
    { name: `${before} ms before 2^15 (int16 sign flip)`, at: 2 ** 15 - before },
    { name: `${before} ms before 2^16 (16-bit wrap)`, at: 2 ** 16 - before },
    { name: `${before} ms before 2^31 (int32 sign flip)`, at: 2 ** 31 - before },
    { name: `${before} ms before 2^32 (32-bit wrap)`, at: 2 ** 32 - before },
    { name: `${before} ms before 396·2^32 (a 32-bit wrap near Unix time)`, at: 396 * 2 ** 32 - before },
    { name: `${before} ms before 2^31 + 395·2^32 (an int32 sign flip near Unix time)`, at: 2 ** 31 + 395 * 2 ** 32 - before },
    { name: `${before} ms before 2^15 + 26 915 000·2^16 (an int16 sign flip near Unix time)`, at: 2 ** 15 + 26_915_000 * 2 ** 16 - before },
  ];
}
