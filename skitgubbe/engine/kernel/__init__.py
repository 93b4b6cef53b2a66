"""The playout kernel (issue 27): Skitgubbe as small integers for simulations and search (see `core`, `rng`)."""
