// The browser-live engine: a module Web Worker that runs the pure-Python Skitgubbe engine in Pyodide.
//
// Messages in:  {id, type: "init", runtimeURL, engineURL, snapshot?}
//                                                           load Pyodide from runtimeURL (the site's own copy,
//                                                           _live/pyodide/) and unpack the engine zip; `snapshot`:
//                                                           the build's key of the memory snapshot (see below)
//               {id, type: "call", name, args}              skitgubbe.views.live.bridge.call(name, JSON args)
//               {id, type: "reader-timings", rules, players, seed, moves}
//                                                           skitgubbe.players.registry.reader_timings: the reader's
//                                                           strong player's decision times here (the browser test)
// Messages out: {id, ok: true, result, ms} or {id, ok: false, error: {type, message, ...}, ms}
//               (ms: wall time of the work in this worker). Also {type: "log", stream, text} for Python output.
// No JavaScript here builds Python source: the worker imports the bridge module with pyimport and passes JSON text.


const ENGINE_DIR = "/home/pyodide/skitgubbe-engine";
// the strong player's search in C, built for wasm32 (setup.py wasm) and packed in the engine zip beside its source
const CSEARCH_WASM = `${ENGINE_DIR}/skitgubbe/engine/kernel/csearch.wasm`;
// the JS module native.py looks for (skitgubbe.engine.kernel.native.JS_MODULE)
const CSEARCH_MODULE = "skitgubbe_csearch";

let pyodide = null;
let bridge = null;

function post(message) {
  self.postMessage(message);
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not fetch ${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// The memory snapshot (issue 58): Python's start and the engine's imports cost seconds of CPU on a phone at every
// start, so the first start keeps a copy of the worker's memory right after the engine's imports (Pyodide's
// makeMemorySnapshot, in Cache Storage under SNAPSHOTS) and later starts restore it instead of starting Python again.
// The page names it by a key of the runtime, the standard library and the engine (pyodide_runtime.py), so a changed
// build never restores an old one; one snapshot is kept. It is taken before any JS object but the worker's globals
// is reachable from Python (the C search is registered after it), and nothing is fetched for it.
const SNAPSHOTS = "skitgubbe-engine-snapshot";

async function storedSnapshot(url) {
  if (!url || !globalThis.caches) return null;
  try {
    const hit = await (await caches.open(SNAPSHOTS)).match(url);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null; // no Cache Storage here (a private window's limits): Python starts as before
  }
}

async function keepSnapshot(url, bytes) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) if (old.url !== url) await cache.delete(old);
    await cache.put(url, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch {
    // full or refused: the next start starts Python again
  }
}

async function forgetSnapshot() {
  try {
    await caches.delete(SNAPSHOTS);
  } catch {
    // nothing to forget
  }
}

function pyodideOptions(runtimeURL) {
  return {
    indexURL: runtimeURL,
    lockFileURL: new URL("pyodide-lock.json", runtimeURL).href, // lists no packages: nothing to fetch elsewhere
    packageBaseUrl: runtimeURL, // never the CDN default
    stdout: (text) => post({ type: "log", stream: "stdout", text }),
    stderr: (text) => post({ type: "log", stream: "stderr", text }),
  };
}

// the big files' arrival, from the worker's resource timings (ms since the worker started; the trace of a start)
const TRACED = /(\.wasm|\.zip|pyodide\.m?js|pyodide\.asm\.mjs)$/;

function arrivals() {
  return performance
    .getEntriesByType("resource")
    .filter((entry) => TRACED.test(new URL(entry.name).pathname))
    .map((entry) => ({ file: new URL(entry.name).pathname.split("/").pop(), start: entry.startTime, end: entry.responseEnd }));
}

async function init({ runtimeURL, engineURL, snapshot: snapshotKey }) {
  if (bridge) throw new Error("the engine is already loaded");
  const t0 = performance.now();
  const marks = { worker: t0 };
  const engine = fetchBytes(engineURL); // in parallel with the runtime
  engine.catch(() => {}); // reported when awaited below
  // the C search's JS side: imported here, beside the runtime (a static import would hold the worker's start a trip)
  const csearch = import("./csearch.mjs");
  csearch.catch(() => {});
  const snapshotURL = snapshotKey ? new URL(`snapshot-${snapshotKey}.bin`, runtimeURL).href : null;
  const stored = storedSnapshot(snapshotURL);
  const { loadPyodide } = await import(new URL("pyodide.mjs", runtimeURL).href);
  marks.loader = performance.now();
  let restored = false;
  const saved = await stored;
  if (saved) {
    try {
      pyodide = await loadPyodide({ ...pyodideOptions(runtimeURL), _loadSnapshot: saved });
      restored = true;
    } catch {
      await forgetSnapshot(); // another build's, or broken: Python starts afresh below
    }
  }
  if (!restored) pyodide = await loadPyodide({ ...pyodideOptions(runtimeURL), _makeSnapshot: Boolean(snapshotURL) });
  const t1 = performance.now();
  marks.python = t1;
  let search;
  let info;
  try {
    pyodide.unpackArchive(await engine, "zip", { extractDir: ENGINE_DIR }); // the files: a snapshot holds no file system
    marks.unpacked = performance.now();
    if (!pyodide.FS.analyzePath(CSEARCH_WASM).exists) throw new Error(`the engine zip lacks ${CSEARCH_WASM}`);
    if (restored) {
      // the snapshot's random generator would deal every unseeded game alike: seed it afresh (from the OS's entropy)
      pyodide.runPython("import random; random.seed()");
    } else {
      const sys = pyodide.pyimport("sys");
      sys.path.insert(0, ENGINE_DIR);
      sys.destroy();
    }
    bridge = pyodide.pyimport("skitgubbe.views.live.bridge");
    info = JSON.parse(bridge.info()); // imports the engine and every allowed module
    marks.imported = performance.now();
    if (!restored && snapshotURL) {
      try {
        keepSnapshot(snapshotURL, pyodide.makeMemorySnapshot()); // stored while the game starts
      } catch (failure) {
        post({ type: "log", stream: "stderr", text: `no memory snapshot: ${failure?.stack ?? failure}` }); // starts as before
      }
      marks.snapshot = performance.now();
    }
    const { csearchModule } = await csearch;
    pyodide.registerJsModule(CSEARCH_MODULE, csearchModule(pyodide.FS.readFile(CSEARCH_WASM)));
    const native = pyodide.pyimport("skitgubbe.engine.kernel.native");
    search = native.backend(); // "wasm": the strong opponent searches in C
    native.destroy();
  } catch (failure) {
    if (restored) await forgetSnapshot(); // the next start starts Python afresh
    throw failure;
  }
  const t2 = performance.now();
  marks.ready = t2;
  // the trace: every mark on the page's clock (performance.now() of the page = worker's + origin difference)
  const trace = { origin: performance.timeOrigin, marks, files: arrivals(), restored };
  return { ...info, search, restored, timings: { runtime: t1 - t0, engine: t2 - t1, total: t2 - t0 }, trace };
}

// how deep a call's arguments may nest: a message wraps a case (itself at most 20 levels, the case reader's limit)
// in a few levels of its own. Python's JSON reader recurses, and in Pyodide a deep recursion is a fatal error that
// leaves the engine dead until the page is reloaded, so deeper arguments never reach it.
const MAX_ARGS_DEPTH = 32;

function depthAtMost(value, limit) {
  const todo = [[value, 0]];
  while (todo.length) {
    const [item, depth] = todo.pop();
    if (item === null || typeof item !== "object") continue;
    if (depth >= limit) return false;
    for (const child of Object.values(item)) todo.push([child, depth + 1]);
  }
  return true;
}

function refused(type, message) {
  const failure = new Error(message);
  failure.detail = { type, message };
  return failure;
}

function call({ name, args }) {
  if (!bridge) throw new Error("the engine is not loaded yet: send init first");
  if (typeof name !== "string") throw new Error("call: name must be a string");
  if (!depthAtMost(args ?? {}, MAX_ARGS_DEPTH)) throw refused("InputError", `call ${name}: the arguments nest more than ${MAX_ARGS_DEPTH} levels deep`);
  let answer;
  try {
    answer = JSON.parse(bridge.call(name, JSON.stringify(args ?? {})));
  } catch (failure) {
    if (failure instanceof SyntaxError) throw refused("AnswerError", `call ${name}: the engine's answer is not JSON (${failure.message})`);
    throw failure;
  }
  if (!answer.ok) {
    const failure = new Error(answer.error.message);
    failure.detail = answer.error;
    throw failure;
  }
  return answer.result;
}

function readerTimings({ rules, players, seed, moves }) {
  if (!bridge) throw new Error("the engine is not loaded yet: send init first");
  const registry = pyodide.pyimport("skitgubbe.players.registry");
  try {
    return JSON.parse(registry.reader_timings(JSON.stringify({ rules, players, seed, moves })));
  } finally {
    registry.destroy();
  }
}

let queue = Promise.resolve(); // one message at a time, in order

self.onmessage = (event) => {
  const message = event.data ?? {};
  queue = queue.then(async () => {
    const start = performance.now();
    try {
      let result;
      if (message.type === "init") result = await init(message);
      else if (message.type === "call") result = call(message);
      else if (message.type === "reader-timings") result = readerTimings(message);
      else throw new Error(`unknown message type ${JSON.stringify(message.type)}`);
      post({ id: message.id, ok: true, result, ms: performance.now() - start });
    } catch (failure) {
      const error = failure.detail ?? { type: failure.name || "Error", message: String(failure.message ?? failure) };
      post({ id: message.id, ok: false, error, ms: performance.now() - start });
    }
  });
};
