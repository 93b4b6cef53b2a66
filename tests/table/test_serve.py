"""`skitgubbe serve`: a folder or an address that cannot be used exits 2 in one line, in the chosen language; a
served table answers on its port and its file is written under --data (a real uvicorn, on 127.0.0.1)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from skitgubbe.cli import main


def test_a_data_path_that_is_a_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    assert main(["serve", "--data", str(blocked / "tables"), "--port", "8799", "--lang", "sv"]) == 2
    err = capsys.readouterr().err
    assert "går inte att använda för borden" in err and "Traceback" not in err and err.count("\n") == 1


def test_a_port_out_of_range_or_in_use_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--data", str(tmp_path), "--port", "70000"]) == 2
    assert "1 to 65535" in capsys.readouterr().err
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert main(["serve", "--data", str(tmp_path), "--port", str(port)]) == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err


def _free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return int(probe.getsockname()[1])


def test_the_server_answers_and_keeps_its_tables_on_disk(tmp_path: Path) -> None:
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "skitgubbe", "serve", "--port", str(port), "--data", str(tmp_path)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        assert f"http://127.0.0.1:{port}/" in server.stdout.readline()  # said once it is bound
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/tables", data=json.dumps({"seats": 3}).encode(), method="POST"
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(request, timeout=5) as answer:
                    table = json.load(answer)
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        assert table["ok"] and (tmp_path / f"{table['code']}.json").is_file()
        start = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/tables/{table['code']}/start",
            data=json.dumps({"host": table["host"]}).encode(),
            method="POST",
        )
        with urllib.request.urlopen(start, timeout=30) as answer:
            assert json.load(answer)["ok"]
        server.terminate()  # at once: the change is written by then, or as the server stops (uvicorn shuts down,
        server.wait(timeout=30)  # then ends by the signal it caught)
        saved = json.loads((tmp_path / f"{table['code']}.json").read_text(encoding="utf-8"))
        assert saved["started"] and saved["record"]["moves"]  # the computers played every seat
    finally:
        server.terminate()
        server.wait(timeout=30)
