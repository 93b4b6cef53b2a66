"""The browser-live engine: the Python side of the Web Worker that runs the package in Pyodide.

`bridge` answers the worker's calls by name (an allow-list of modules, JSON in and out); `probe` holds the
functions the browser tests call (golden digests, strong-player timings). The worker, its client and the page
script are ES modules of `skitgubbe/views/` (`engine-worker.mjs`, `engine-client.mjs`, `live-page.mjs`), beside the
table's modules they import; `book/_ext/pyodide_runtime.py` copies them, the Pyodide runtime and the packed engine
into the built site.
"""
