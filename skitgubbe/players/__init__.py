"""Computer players (random, sensible, strong), the one player registry and the one game loop, `play_out`."""
