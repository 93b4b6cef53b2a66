"""The fast core (issues 27 and 40): the rules and the strong search in C, and the Python around it.

- `csearch.c`: the one fast implementation (CPython loads it as `_csearch.so`, the browser as `csearch.wasm`): the
  rules of every rule set it plays, the sensible policy, the strong search (`sg_evaluate`), random tables
  (`sg_simulate`), the studies' games and moves (`sg_study`, `sg_policy`) and traces (`sg_trace`).
- `layout`: the one table of the rules' inputs to the C (it generates `csearch_rules.h`).
- `pack`: a position's words for the C straight from a `Game`, and moves to and from the C's move words.
- `native`: the packed inputs of each entry and the backend that runs them (ctypes or WebAssembly).
- `support`: `refusal(rules)` and `supports(rules)`, asked before every use (callers fall back to the engine).

The engine (`skitgubbe.engine`) is the reference; tests/engine/test_kernel_differential.py holds the C to it.
"""
