"""A longer fuzz of the C search (issue 45) than the suite's: csearch.c under AddressSanitizer and UBSan, fed valid
packed inputs of every preset and 2 to 6 players and their mutations (tests/engine/csearch_fuzzing.py). Printed:
inputs per kind, answers by refusal code, and the sanitizer reports (counted, the first few printed; a call that
hangs counts as one). Exit 1 on any report.

    python benchmarks/csearch_fuzz.py [--rounds 20] [--seed 45] [--timeout 20] [--show 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))

from csearch_fuzzing import run, valid_inputs
from sanitized_csearch import Sanitized, build


def main(argv: list[str] | None = None) -> int:
    """Run the fuzz; 1 on a sanitizer report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=20, help="rounds over every valid input and its mutants")
    parser.add_argument("--seed", type=int, default=45, help="the mutations' random seed")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds a call may take before it counts as hung")
    parser.add_argument("--show", type=int, default=3, help="how many sanitizer reports to print")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    inputs = valid_inputs(seed=args.seed)
    with Sanitized(build(), timeout=args.timeout) as c:
        tally = run(c, random.Random(args.seed), args.rounds, inputs, keep_going=True)
    took = time.perf_counter() - started
    print(f"{sum(tally.kinds.values())} inputs in {took:.1f} s; sanitizer reports: {len(tally.reports)}")
    print(
        f"valid inputs answered: {tally.valid_answers} of {sum(n for k, n in tally.kinds.items() if k.startswith('valid'))}"
    )
    print("inputs by kind:")
    for kind, count in sorted(tally.kinds.items()):
        print(f"  {kind:20} {count:7}")
    print("answers by code:")
    for name, count in sorted(tally.codes.items()):
        print(f"  {name:20} {count:7}")
    for kind, entry, text in tally.reports[: args.show]:
        print(f"--- report ({kind}, {entry}):\n{text[:3000]}")
    return 1 if tally.reports else 0


if __name__ == "__main__":
    raise SystemExit(main())
