"""The phase styles: one module and one class per way of playing phase 1 (`two_card`, `everyone`, `turned_trump`,
`beat_or_take`) or phase 2 (`tricks`, `pile`), on the shared kernels `phase1_common` and `phase2_common`; `Game`
chooses a game's two styles from its rules (`game.styles_for`)."""
