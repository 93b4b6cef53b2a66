"""Serve the built site on the loopback interface with the content types the browser-live engine needs.

`make serve` runs ``python book/_ext/serve.py``. Browsers refuse a module script (``.mjs``) served with a type that
is not JavaScript, and compile WebAssembly while it downloads only when ``.wasm`` comes as ``application/wasm``;
Python's http.server takes types from the platform's mime tables, which may lack both. `Handler` fixes them, and
tests/conftest.py serves the site with it too.

It also serves as a static host does (GitHub Pages, Netlify, a CDN in front of a bucket): HTTP/1.1 with keep-alive,
and the text formats gzip-compressed when the browser accepts it (``COMPRESSED``; images, fonts and zip files are
compressed already), so what `make audit` measures is what a reader on a slow connection downloads. A file with a
brotli copy beside it (``x.br``: the build writes them for the live engine's runtime, see pyodide_runtime.py) is sent
as that copy to a browser that takes brotli, as hosts that serve precompressed files do (Netlify, Cloudflare, nginx's
``brotli_static``); a host that does not still serves the file itself.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import os
import threading
from pathlib import Path
from typing import BinaryIO, ClassVar

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
    ".woff": "font/woff",
}


#: the suffixes a host serves gzip-compressed
COMPRESSED = frozenset({".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".xml", ".wasm", ".ico", ".map"})

_cache: dict[tuple[str, int, int], bytes] = {}
_cache_lock = threading.Lock()


def compressed(path: str) -> bytes:
    """The file at `path` gzip-compressed (kept in memory per path, size and modification time)."""
    stat = os.stat(path)
    key = (path, stat.st_size, stat.st_mtime_ns)
    with _cache_lock:
        body = _cache.get(key)
    if body is None:
        with open(path, "rb") as file:
            body = gzip.compress(file.read(), compresslevel=6, mtime=0)
        with _cache_lock:
            _cache[key] = body
    return body


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with fixed types for the live engine's files, text compressed, over HTTP/1.1."""

    protocol_version = "HTTP/1.1"
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def _file(self) -> tuple[str, str] | None:
        """The file a GET names and how to send it ("br": its brotli copy, "gzip"), or None (as it is)."""
        accepted = {part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")}
        path = self.translate_path(self.path)
        url_path = self.path.split("?", 1)[0].split("#", 1)[0]
        if os.path.isdir(path) and url_path.endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return None
        if "br" in accepted and os.path.isfile(path + ".br"):
            return path, "br"
        if "gzip" in accepted and Path(path).suffix in COMPRESSED:
            return path, "gzip"
        return None

    def send_head(self) -> BinaryIO | None:  # type: ignore[override]  # the stdlib's BytesIO | BufferedReader
        found = self._file()
        if found is None:
            head: BinaryIO | None = super().send_head()
            return head
        path, encoding = found
        if encoding == "br":
            with open(path + ".br", "rb") as file:
                body = file.read()
        else:
            body = compressed(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(int(os.stat(path).st_mtime)))
        self.end_headers()
        return io.BytesIO(body)


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
