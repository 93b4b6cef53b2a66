"""The playout kernel (issue 27): Skitgubbe as small integers, for simulations and the strong player's playouts.

- `core`: `Kernel`, one game (hands as 52-bit masks, moves as ints in a preallocated buffer), every preset and
  2–6 players; `game_deck(seed)`, the deal of `Game.deal(seed=seed)`.
- `rng`: `Stream`, the kernel's random stream (xoshiro128** seeded by splitmix64 of a seed and a game number).
- `tables`: the bit tables, built at run time (mypyc would fold a constant `1 << c` into a 32-bit shift).
- `convert`: a kernel from a `Game` or `GameState`, kernel moves to and from `Move` values.
- `replay`: a kernel game replayed move by move through `Game` (the proof that it plays Skitgubbe).

The policies that play on it (random, sensible) are in `skitgubbe.players.kernel_policies`.
"""
