"""Run inside Pyodide (by pyodide_compile.mjs, under node) at build time: compile a zip of Python sources to one of
byte code, with the Python of the Pyodide the site ships (CPython's .pyc files are specific to its version).

`compile_zip(source, target, prefix)` reads the zip `source` and writes `target`: every ``.py`` becomes a sourceless
``.pyc`` (a timestamp pyc; with no ``.py`` beside it, zipimport and the path finder load it without a check), other
files are copied. Entry times are fixed, so the same input gives the same bytes. It returns a one-line JSON summary.
"""

import importlib._bootstrap_external as bootstrap  # the stdlib's own pyc writer (py_compile uses it)
import json
import sys
import zipfile


def compile_zip(source_path: str, target_path: str, prefix: str) -> str:
    """Compile the zip at `source_path` into `target_path`; `prefix` starts every code object's file name."""
    compiled = copied = 0
    with (
        zipfile.ZipFile(source_path) as source,
        zipfile.ZipFile(target_path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target,
    ):
        for info in sorted(source.infolist(), key=lambda i: i.filename):
            data = source.read(info)
            out = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
            out.compress_type = zipfile.ZIP_DEFLATED
            out.external_attr = info.external_attr
            if info.filename.endswith(".py"):
                try:
                    code = compile(data, prefix + info.filename, "exec", dont_inherit=True)
                except SyntaxError:  # test data and the like: keep the source
                    target.writestr(out, data)
                    copied += 1
                    continue
                out.filename = info.filename + "c"
                target.writestr(out, bytes(bootstrap._code_to_timestamp_pyc(code, 0, 0)))
                compiled += 1
            else:
                target.writestr(out, data)
                copied += 1
    return json.dumps({"compiled": compiled, "copied": copied, "python": sys.version.split()[0]})
