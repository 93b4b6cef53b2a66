"""Serve the built site on the loopback interface with the content types the browser-live engine needs.

`make serve` runs ``python book/_ext/serve.py``. Browsers refuse a module script (``.mjs``) served with a type that
is not JavaScript, and compile WebAssembly while it downloads only when ``.wasm`` comes as ``application/wasm``;
Python's http.server takes types from the platform's mime tables, which may lack both. `Handler` fixes them, and
tests/conftest.py serves the site with it too.
"""

from __future__ import annotations

import argparse
import functools
import http.server
from pathlib import Path
from typing import ClassVar

#: content types by suffix, whatever the platform's tables say
TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".zip": "application/zip",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".woff2": "font/woff2",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with fixed types for the live engine's files."""

    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}


class QuietHandler(Handler):
    """`Handler` without a log line per request (for tests)."""

    def log_message(self, format: str, *args: object) -> None:  # the stdlib's signature
        pass


def server(directory: Path, port: int = 0, quiet: bool = False) -> http.server.ThreadingHTTPServer:
    """A threading server for ``directory`` on 127.0.0.1 (port 0: a free one), not yet serving."""
    handler = functools.partial(QuietHandler if quiet else Handler, directory=str(directory))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    httpd.daemon_threads = True
    return httpd


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--directory", type=Path, default=Path("_build/html"))
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    if not (args.directory / "index.html").is_file():
        parser.exit(2, f"no {args.directory}/index.html: run `make book` first\n")
    httpd = server(args.directory, args.port)
    print(f"serving {args.directory} on http://127.0.0.1:{httpd.server_address[1]}/ (Ctrl-C stops)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()
