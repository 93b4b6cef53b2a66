// Build-time helper of pyodide_runtime.py: `node pyodide_compile.mjs PYODIDE_DIR SOURCE.zip TARGET.zip PREFIX`
// loads the Pyodide in PYODIDE_DIR (node_modules/pyodide) and runs pyodide_compile.py in it, which compiles the
// .py files of SOURCE.zip into a zip of .pyc files for that Pyodide's Python. Only local files are read.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const [runtime, source, target, prefix] = process.argv.slice(2);
if (!runtime || !source || !target || prefix === undefined) {
  console.error("usage: node pyodide_compile.mjs PYODIDE_DIR SOURCE.zip TARGET.zip PREFIX");
  process.exit(2);
}
const indexURL = path.resolve(runtime) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, stdout: (s) => console.log(s) });
pyodide.FS.writeFile("/tmp/source.zip", readFileSync(source));
const script = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "pyodide_compile.py"), "utf8");
pyodide.runPython(script); // defines compile_zip (the script is a file of the repository, not built here)
const compileZip = pyodide.globals.get("compile_zip");
console.log(compileZip("/tmp/source.zip", "/tmp/target.zip", prefix));
writeFileSync(target, pyodide.FS.readFile("/tmp/target.zip"));
