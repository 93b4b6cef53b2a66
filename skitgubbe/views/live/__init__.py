"""The browser-live engine: the Python side of the Web Worker that runs the package in Pyodide.

`bridge` answers the worker's calls by name (an allow-list of modules, JSON in and out); `probe` holds the
functions the browser tests call (golden digests, strong-player timings). The worker and its client are the ES
modules next to this file (`engine-worker.mjs`, `engine-client.mjs`, `live-page.mjs`); `book/_ext/pyodide_runtime.py`
copies them, the Pyodide runtime and the packed engine into the built site.
"""
