// Main-thread client of the browser-live engine (engine-worker.mjs).
//
//   const client = await EngineClient.start();            // reads the page's #skitgubbe-live-config
//   const model = await client.call("controllers.open_controller", {kind: "play", lang: "sv"});  // JSON in and out
//   const { result, ms } = await client.timedCall("probe.digest", {...});
//
// A refused call rejects with an EngineError whose `detail` is the engine's error object ({type, message, rule?,
// messages?: {sv, en}}). Everything is fetched from the site itself: the worker, Pyodide and the engine zip.

export class EngineError extends Error {
  constructor(detail) {
    super(detail.message);
    this.name = "EngineError";
    this.detail = detail;
  }
}

/** The page's config (written by book/_ext/pyodide_runtime.py), or null. */
export function pageConfig(doc = globalThis.document) {
  const element = doc?.getElementById("skitgubbe-live-config");
  return element ? JSON.parse(element.textContent) : null;
}

export class EngineClient {
  constructor(worker) {
    this.worker = worker;
    this.pending = new Map();
    this.nextId = 1;
    this.info = null;
    this.log = [];
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => this.failAll(new EngineError({ type: "WorkerError", message: event.message }));
  }

  /**
   * Start the worker and load the engine. Options (all optional): base (the site's _live/ folder URL),
   * runtime (Pyodide's folder, relative to base), engine (the engine zip's name, relative to base); they default
   * to the page's config. Resolves once the engine answers; `client.info` holds what runs and the timings.
   */
  static async start(options = {}) {
    const started = performance.now();
    const config = { ...(pageConfig() ?? {}), ...options };
    const base = new URL(config.base ?? ".", globalThis.document?.baseURI ?? import.meta.url);
    if (!config.engine) throw new Error("EngineClient.start: no engine file name (no #skitgubbe-live-config on the page)");
    const worker = new Worker(new URL("engine-worker.mjs", import.meta.url), { type: "module", name: "skitgubbe-engine" });
    const client = new EngineClient(worker);
    const info = await client.send({
      type: "init",
      runtimeURL: new URL(config.runtime ?? "pyodide/", base).href,
      engineURL: new URL(config.engine, base).href,
      snapshot: config.snapshot ?? null, // the memory snapshot's key: a start restores the last one (engine-worker.mjs)
    });
    client.info = { ...info.result, engine: config.engine, startMs: performance.now() - started, workerMs: info.ms };
    return client;
  }

  receive(message) {
    if (message.type === "log") {
      this.log.push(message);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.ok) waiting.resolve(message);
    else waiting.reject(new EngineError(message.error));
  }

  failAll(error) {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  send(message) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  /** Call `alias.function` of a module the bridge allows (`controllers.*`, `probe.*`); its JSON result. */
  async call(name, args = {}) {
    return (await this.send({ type: "call", name, args })).result;
  }

  /** Like call, with the wall time the worker spent on it (ms). */
  async timedCall(name, args = {}) {
    const answer = await this.send({ type: "call", name, args });
    return { result: answer.result, ms: answer.ms };
  }

  terminate() {
    this.worker.terminate();
    this.failAll(new EngineError({ type: "WorkerError", message: "the engine was stopped" }));
  }
}
