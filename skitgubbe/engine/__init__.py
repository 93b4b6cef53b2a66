"""The rule engine: cards, moves, events, state, the game and its phase styles (compiled with mypyc)."""
