// Build-time helper of pyodide_runtime.py (run by it under node): a brotli copy beside each file named.
//   node brotli_files.mjs IN OUT [IN OUT ...]
// Brotli at its best setting (quality 11, a 16 MB window): the runtime's big files a third smaller than gzip
// (pyodide.asm.wasm 3.55 MB gzip, 2.77 MB brotli), for the hosts that serve a `.br` beside a file (book/_ext/serve.py).
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const args = process.argv.slice(2);
if (!args.length || args.length % 2) {
  console.error("usage: node brotli_files.mjs IN OUT [IN OUT ...]");
  process.exit(2);
}
for (let i = 0; i < args.length; i += 2) {
  const bytes = readFileSync(args[i]);
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  };
  writeFileSync(args[i + 1], brotliCompressSync(bytes, { params }));
}
