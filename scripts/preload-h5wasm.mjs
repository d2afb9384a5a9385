/**
 * Loads h5wasm before tsx's loader is registered (`node --import ./scripts/preload-h5wasm.mjs --import tsx …`).
 * tsx would otherwise transform h5wasm's 4 MB Emscripten module with an inline source map on every start
 * (2.5 s of esbuild alone, 10–18 s on a loaded machine); once loaded here, later imports reuse the module.
 */
import 'h5wasm/node';
