"""`skitgubbe serve`: the table server on uvicorn, its tables kept in a folder so a restart loses no game."""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from skitgubbe.table.errors import say
from skitgubbe.text.lang import Lang

if TYPE_CHECKING:
    import uvicorn

__all__ = ["serve", "uvicorn_config"]

EXIT_BAD_INPUT = 2


def uvicorn_config(app: Any, trust_proxy: str | None = None) -> uvicorn.Config:
    """The server's uvicorn settings: frames of at most 64 KiB, and `X-Forwarded-For` believed only from the
    proxies the operator names (`trust_proxy`, comma-separated addresses), never by default."""
    import uvicorn

    return uvicorn.Config(
        app,
        log_level="warning",
        ws_max_size=1 << 16,
        lifespan="on",
        proxy_headers=trust_proxy is not None,
        forwarded_allow_ips=trust_proxy or "",
    )


def serve(host: str, port: int, data: str, lang: Lang, out: TextIO, trust_proxy: str | None = None) -> int:
    """Serve until interrupted; 2 (and one line saying why) when the data folder or the port cannot be used."""
    import uvicorn  # here: the rest of the command line starts without the server's stack

    from skitgubbe.table.app import Hub, create_app

    folder = Path(data)
    if not 0 < port < 65536:
        print(say("bad_port", lang, port=port), file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        hub = Hub(folder)
        probe = folder / ".write-test"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as error:
        print(say("bad_data", lang, folder=str(folder), why=error.strerror or error), file=sys.stderr)
        return EXIT_BAD_INPUT
    try:  # bound here, so a port in use is said in one line (uvicorn would log and exit)
        listening = socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET)
    except OSError as error:
        print(say("bad_address", lang, host=host, port=port, why=error.strerror or error), file=sys.stderr)
        return EXIT_BAD_INPUT
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    print(say("serving", lang, url=f"http://{shown}:{port}/", tables=len(hub.rooms), folder=str(folder)), file=out)
    out.flush()
    uvicorn.Server(uvicorn_config(create_app(hub), trust_proxy)).run(sockets=[listening])
    return 0
