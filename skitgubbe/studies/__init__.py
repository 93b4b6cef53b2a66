"""Studies over many games: simulation and the statistics chapter."""
