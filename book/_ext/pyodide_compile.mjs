// Build-time helper of pyodide_runtime.py (run by it under node; only local files are read or written):
//   node pyodide_compile.mjs PYODIDE_DIR ENGINE.zip ENGINE_DIR STDLIB_OUT.zip ENGINE_OUT.zip
// loads the Pyodide in PYODIDE_DIR (node_modules/pyodide), unpacks the engine source zip at ENGINE_DIR (where the
// browser worker unpacks it too) and calls run() of pyodide_compile.py, which writes the standard library and the
// engine as byte code for that Pyodide's Python. Prints run()'s JSON summary. The strong player's search in C is
// registered as in the browser worker (csearch.mjs), so the games run the browser's code path.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { csearchModule } from "../../skitgubbe/views/csearch.mjs";

const [runtime, engine, engineDir, stdlibOut, engineOut] = process.argv.slice(2);
if (!engineOut) {
  console.error("usage: node pyodide_compile.mjs PYODIDE_DIR ENGINE.zip ENGINE_DIR STDLIB_OUT.zip ENGINE_OUT.zip");
  process.exit(2);
}
const indexURL = path.resolve(runtime) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, stdout: (s) => console.error(s) });
pyodide.FS.writeFile("/tmp/stdlib.zip", readFileSync(path.join(indexURL, "python_stdlib.zip")));
pyodide.FS.writeFile("/tmp/engine.zip", readFileSync(engine));
pyodide.unpackArchive(new Uint8Array(readFileSync(engine)), "zip", { extractDir: engineDir });
pyodide.registerJsModule("skitgubbe_csearch", csearchModule(pyodide.FS.readFile(`${engineDir}/skitgubbe/engine/kernel/csearch.wasm`)));
// the script is a file of the repository (not built here); running it defines run()
pyodide.runPython(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "pyodide_compile.py"), "utf8"));
const summary = pyodide.globals.get("run")("/tmp/stdlib.zip", "/tmp/stdlib-out.zip", "/tmp/engine.zip", "/tmp/engine-out.zip", engineDir);
writeFileSync(stdlibOut, pyodide.FS.readFile("/tmp/stdlib-out.zip"));
writeFileSync(engineOut, pyodide.FS.readFile("/tmp/engine-out.zip"));
console.log(summary);
