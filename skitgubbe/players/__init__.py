"""Computer players and the one game loop every caller uses."""
