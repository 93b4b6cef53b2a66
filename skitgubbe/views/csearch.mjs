// The strong player's search in C (engine/kernel/csearch.wasm) as the JS module skitgubbe.engine.kernel.native
// imports: the worker registers it in the browser, book/_ext/pyodide_compile.mjs under node at build time.

// The search module: run(input, output) with both int64 arrays as Python bytes; [return code, the output's bytes].
// The input and output are copied into the module's own buffers (sg_input, sg_output) and sg_evaluate runs there.
export function csearchModule(bytes) {
  const exports = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports;
  const capacity = 8 * exports.sg_io_words();
  return {
    run(input, output) {
      const data = input.getBuffer("u8");
      const state = output.getBuffer("u8");
      try {
        if (data.data.length > capacity || state.data.length > capacity) return [-3, new Uint8Array(0)];
        const inAt = exports.sg_input();
        const outAt = exports.sg_output();
        const memory = new Uint8Array(exports.memory.buffer);
        memory.set(data.data, inAt);
        memory.set(state.data, outAt);
        const code = exports.sg_evaluate(inAt, data.data.length / 8, outAt, state.data.length / 8);
        return [code, new Uint8Array(exports.memory.buffer.slice(outAt, outAt + state.data.length))];
      } finally {
        data.release();
        state.release();
      }
    },
  };
}
