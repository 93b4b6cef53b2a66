"""`make audit`: Lighthouse (npm ``lighthouse``, pinned in package.json) on one page of each kind in both editions.

The site is served as a host serves it (book/_ext/serve.py: gzip, HTTP/1.1) on the loopback interface, and each page
is measured in Lighthouse's mobile mode (its default: a phone's screen, simulated slow 4G, a 4x slower CPU) by the
Debian chromium. The table gives the four category scores, first and largest contentful paint, total blocking time
and the bytes the page downloads, and the machine's load average before and after: a benchmark to read, not a test
(a loaded machine gives slower paints).

    python book/_ext/audit.py [--site _build/html] [--runs 1] [--json out.json] [--reports DIR] [page ...]

(``--reports DIR`` keeps each page's kept run as Lighthouse's JSON report, to see what an audit found.)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import serve  # this folder's module (run as a script)

REPO = Path(__file__).resolve().parents[2]
LIGHTHOUSE = REPO / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
#: one page of each kind: text, Replay, the live game, the checker
KINDS = {"text": "start", "replay": "games", "play": "play", "checker": "checker"}
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --no-default-browser-check"


def pages() -> list[str]:
    """The pages measured: each kind in each edition."""
    return [f"book/{lang}/{page}.html" for lang in ("sv", "en") for page in KINDS.values()]


def lighthouse(url: str) -> dict[str, Any]:
    """One Lighthouse run on `url` (its JSON report)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        cmd = [
            str(LIGHTHOUSE),
            url,
            "--output=json",
            f"--output-path={out}",
            f"--chrome-path={CHROMIUM}",
            f"--chrome-flags={FLAGS}",
            f"--only-categories={','.join(CATEGORIES)}",
            "--quiet",
        ]
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if proc.returncode != 0 or not out.is_file():
            raise RuntimeError(f"lighthouse failed on {url} (exit {proc.returncode}): {proc.stderr[-2000:]}")
        report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        return report


def summary(report: dict[str, Any]) -> dict[str, float]:
    """The figures of one report: scores (0-100), paints and blocking time (s), weight (KB)."""
    audits, cats = report["audits"], report["categories"]
    row = {name: round(100 * (cats[name]["score"] or 0)) for name in CATEGORIES}
    row["fcp"] = audits["first-contentful-paint"]["numericValue"] / 1000
    row["lcp"] = audits["largest-contentful-paint"]["numericValue"] / 1000
    row["tbt"] = audits["total-blocking-time"]["numericValue"] / 1000
    row["kb"] = audits["total-byte-weight"]["numericValue"] / 1024
    return row


def failing(report: dict[str, Any]) -> list[str]:
    """The audits of the non-performance categories that did not pass (what to fix for a score under 100)."""
    out = []
    for name in CATEGORIES[1:]:
        for ref in report["categories"][name]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                out.append(f"{name}: {ref['id']}")
    return out


def table(rows: list[tuple[str, dict[str, float]]]) -> str:
    head = f"{'page':<24} {'perf':>4} {'a11y':>4} {'BP':>4} {'SEO':>4} {'FCP s':>6} {'LCP s':>6} {'TBT s':>6} {'KB':>6}"
    lines = [head, "-" * len(head)]
    for page, r in rows:
        lines.append(
            f"{page:<24} {r['performance']:>4.0f} {r['accessibility']:>4.0f} {r['best-practices']:>4.0f} "
            f"{r['seo']:>4.0f} {r['fcp']:>6.2f} {r['lcp']:>6.2f} {r['tbt']:>6.2f} {r['kb']:>6.0f}"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=REPO / "_build" / "html")
    parser.add_argument("--runs", type=int, default=1, help="runs per page; the median performance run is kept")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--reports", type=Path, help="write each page's Lighthouse report (JSON) into this folder")
    parser.add_argument("page", nargs="*", help="pages to measure (default: one of each kind in both editions)")
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        parser.exit(2, f"no {args.site}/index.html: run `make book` first\n")
    if not LIGHTHOUSE.is_file():
        parser.exit(2, f"no {LIGHTHOUSE}: run `make setup` (npm ci installs lighthouse)\n")
    httpd = serve.server(args.site, 0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    load_before = os.getloadavg()
    rows, problems = [], []
    try:
        for page in args.page or pages():
            runs = sorted((lighthouse(base + page) for _ in range(args.runs)), key=lambda r: summary(r)["performance"])
            report = runs[len(runs) // 2]
            if args.reports:
                args.reports.mkdir(parents=True, exist_ok=True)
                (args.reports / (page.replace("/", "_") + ".json")).write_text(json.dumps(report), encoding="utf-8")
            row = summary(report)
            rows.append((page, row))
            problems += [f"{page}: {p}" for p in failing(report)]
            print(f"measured {page}: performance {row['performance']:.0f}, LCP {row['lcp']:.2f} s", flush=True)
    finally:
        httpd.shutdown()
        httpd.server_close()
    load_after = os.getloadavg()
    print()
    print(table(rows))
    print(f"\nLighthouse mobile (simulated slow 4G, 4x CPU), served gzip by book/_ext/serve.py, {args.runs} run(s)")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} ({os.cpu_count()} cores)")
    for line in problems:
        print("not passed:", line)
    if args.json:
        args.json.write_text(json.dumps(dict(rows), indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
