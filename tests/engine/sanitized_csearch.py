"""csearch.c built with gcc's AddressSanitizer and UBSan, run in a subprocess: for fuzzing and differential tests.

`build()` compiles csearch.c (freestanding, as setup.py builds it) with `-fsanitize=address,undefined
-fno-sanitize-recover=all` and links it with `csearch_driver.c` (hosted: it allocates every buffer at its exact
length, so a read past the end is a report) into an executable under `_build/sanitized/`, once per source, define
and flag set. `Sanitized(path)` runs it; `call` sends one input to an entry point and returns (return code, output
bytes), or raises `SanitizerReport` with the sanitizer's text when the process died (`Hung` when it gave no answer
within its timeout). `runner()` has the shape of native.py's backend (`native.Runner`), so a test can run the whole
search through the sanitized build:

    with Sanitized(build()) as c:
        monkeypatch.setattr(native, "_RUNNER", [c.runner()])
        ...

Without gcc, `build()` raises `NoCompiler` (tests skip on it).
"""

from __future__ import annotations

import hashlib
import os
import select
import shutil
import subprocess
import sys
import time
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType
from typing import IO

REPO = Path(__file__).resolve().parents[2]
CSEARCH = REPO / "skitgubbe" / "engine" / "kernel" / "csearch.c"
DRIVER = Path(__file__).with_name("csearch_driver.c")
OUT = REPO / "_build" / "sanitized"
SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", "-g", "-O1"]
#: what the entry point answers when the driver refused the record itself (no call was made)
RC_DRIVER = -1000
#: the sanitizers' settings: stop at the first report, no leak check (the driver frees all; CPython is not in it)
ENVIRONMENT = {
    "ASAN_OPTIONS": "detect_leaks=0:halt_on_error=1:abort_on_error=0:exitcode=66",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1:exitcode=67",
}


class NoCompiler(RuntimeError):
    """gcc is not on PATH: the sanitized build cannot exist here."""


class SanitizerReport(AssertionError):
    """The sanitized process died: `text` is what it wrote on stderr (the report)."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(f"the sanitized csearch died:\n{text}")


class Hung(SanitizerReport):
    """A call gave no answer within the driver's timeout (an endless loop): the process was killed."""


def build(defines: Sequence[str] = (), source: Path = CSEARCH) -> Path:
    """The driver executable for `source` with `-D` `defines` (built when missing); raises NoCompiler."""
    gcc = shutil.which("gcc")
    if gcc is None:
        raise NoCompiler("no gcc: the sanitized csearch cannot be built")
    digest = hashlib.sha256()
    header = source.with_name("csearch_rules.h")  # the rule words csearch.c includes (generated from layout.py)
    rules = header.read_bytes() if header.exists() else b""
    for part in (source.read_bytes(), rules, DRIVER.read_bytes(), " ".join([*SANITIZE, *defines]).encode()):
        digest.update(part)
    target = OUT / f"csearch-{digest.hexdigest()[:16]}"
    if target.exists():
        return target
    OUT.mkdir(parents=True, exist_ok=True)
    obj = target.with_suffix(".o")
    flags = [*SANITIZE, *(f"-D{name}" for name in defines)]
    compile_c = [gcc, *flags, "-ffreestanding", "-fno-stack-protector", "-c", str(source), "-o", str(obj)]
    subprocess.run(compile_c, check=True, capture_output=True)
    partial = target.with_suffix(".partial")
    subprocess.run([gcc, *SANITIZE, "-rdynamic", str(DRIVER), str(obj), "-ldl", "-o", str(partial)], check=True)
    partial.replace(target)  # whole or absent: a build cut short is never taken for a build
    return target


def _words(values: Sequence[int] | bytes) -> bytes:
    if isinstance(values, bytes):
        return values
    return array("q", [((v + (1 << 63)) & ((1 << 64) - 1)) - (1 << 63) for v in values]).tobytes()


class Sanitized:
    """A running sanitized driver (a context manager); restarts itself after a report."""

    def __init__(self, executable: Path, timeout: float = 60.0) -> None:
        self.executable = executable
        #: the seconds one call may take before it counts as hung (`Hung`)
        self.timeout = timeout
        self.calls = 0
        self._process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Sanitized:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def _start(self) -> subprocess.Popen[bytes]:
        if self._process is None:
            env = {**os.environ, **ENVIRONMENT}
            env.pop("LD_PRELOAD", None)
            self._process = subprocess.Popen(
                [str(self.executable)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
            )
        return self._process

    def close(self) -> None:
        """Stop the process (it ends at the end of its input)."""
        process, self._process = self._process, None
        if process is not None:
            assert process.stdin is not None
            process.stdin.close()
            process.wait(timeout=60)
            for stream in (process.stdout, process.stderr):
                if stream is not None:
                    stream.close()

    def call(
        self,
        data: Sequence[int] | bytes,
        out: bytes | int,
        *,
        entry: str = "sg_evaluate",
        n_in: int | None = None,
        n_out: int | None = None,
    ) -> tuple[int, bytes]:
        """Run `entry(in, n_in, out, n_out)` on `data` (words or int64 bytes) and `out` (bytes, or a word count of
        zeros); n_in and n_out default to the buffers' lengths and may say less (or be negative)."""
        payload = _words(data)
        state = bytes(8 * out) if isinstance(out, int) else out
        len_in, len_out = len(payload) // 8, len(state) // 8
        name = entry.encode()
        head = array("q", [len(name)]).tobytes() + name + bytes(-len(name) % 8)
        sizes = array("q", [len_in if n_in is None else n_in, len_out if n_out is None else n_out, len_in, len_out])
        process = self._start()
        assert process.stdin is not None and process.stdout is not None
        self.calls += 1
        try:
            process.stdin.write(head + sizes.tobytes() + payload + state)
            process.stdin.flush()
            answer = self._read(process.stdout, 8 * (1 + len_out))
        except BrokenPipeError:
            answer = b""
        if answer is None:
            raise self._died(hung=True)
        if len(answer) < 8 * (1 + len_out):
            raise self._died()
        code = array("q")
        code.frombytes(answer[:8])
        return int(code[0]), answer[8:]

    def _read(self, stream: IO[bytes], size: int) -> bytes | None:
        """`size` bytes of `stream` (fewer at its end), or None when they take longer than the timeout."""
        deadline = time.monotonic() + self.timeout
        parts: list[bytes] = []
        left = size
        while left:
            ready, _, _ = select.select([stream], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                return None
            part = os.read(stream.fileno(), left)
            if not part:
                break
            parts.append(part)
            left -= len(part)
        return b"".join(parts)

    def _died(self, *, hung: bool = False) -> SanitizerReport:
        process, self._process = self._process, None
        assert process is not None and process.stderr is not None
        process.kill()
        text = process.stderr.read().decode(errors="replace")
        process.wait(timeout=60)
        if hung:
            return Hung(f"(no answer within {self.timeout:g} s: killed)\n{text}")
        return SanitizerReport(text or f"(no report; exit status {process.returncode})")

    def runner(self, entry: str = "sg_evaluate") -> Callable[[bytes, bytes], tuple[int, bytes]]:
        """A backend of native.py's shape (`native.Runner`) that runs `entry` here."""
        return lambda data, out: self.call(data, out, entry=entry)


if __name__ == "__main__":  # `python tests/engine/sanitized_csearch.py`: build and say where
    print(build(sys.argv[1:]))
