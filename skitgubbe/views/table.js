// The reader's table: one front end for the static site and for Jupyter (anywidget contract).
//   export default { render({ model, el }) }   model: get / set / on / save_changes / send
// Modes (model "mode"): "replay" (frames embedded as JSON, replay.js), "live" (a game driven by
// skitgubbe/session.py through the Python side, live-table.js), "pass" (the live game for several people at one
// screen, pass-table.js), "checker" (a case judged under every preset, checker.js). Card pictures come from the
// model's "deck" (SVG drawn by skitgubbe/views/render.py); every word from its "words" (the page's language).
// The modules: dom.js (the one DOM builder), template.js (the one template filler), cards.js (deck, fan, hand
// order), board.js (board and narration), static-model.js. Jupyter loads this file with its imports inlined
// (skitgubbe/views/table.py esm); the site ships every module next to it.
import { renderReplay } from "./replay.js";
import { renderLive } from "./live-table.js";
import { renderChecker } from "./checker.js";
import { renderPass } from "./pass-table.js";
import { staticModel } from "./static-model.js";

export { fill, genitive } from "./template.js";
export { sortHand } from "./cards.js";
export { staticModel };

/** Draw every `.sgt-mount` of the page from its embedded JSON (the static site), lazily: a table on or near the
 * screen when the page has been laid out (IntersectionObserver), one that comes near it as the reader scrolls, and
 * the rest one at a time when the browser is idle after the page's load, so a page of many Replays paints its text
 * first and stays responsive. */
export function mountAll(root = document) {
  const draw = (mount) => {
    const script = mount.querySelector("script.sgt-data");
    if (!script || mount.hasAttribute("data-mounted")) return;
    mount.setAttribute("data-mounted", "");
    render({ model: staticModel(JSON.parse(script.textContent)), el: mount });
  };
  const mounts = [...root.querySelectorAll(".sgt-mount:not([data-mounted])")];
  if (!mounts.length) return;
  if (typeof IntersectionObserver === "undefined") return mounts.forEach(draw);
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        near.unobserve(entry.target);
        draw(entry.target);
      }
    },
    { rootMargin: "50% 0px" },
  );
  for (const mount of mounts) near.observe(mount);
  const idle = (f) => (window.requestIdleCallback ? requestIdleCallback(f, { timeout: 1500 }) : setTimeout(f, 50));
  const next = () => {
    const mount = mounts.find((m) => !m.hasAttribute("data-mounted"));
    if (!mount) return near.disconnect();
    near.unobserve(mount);
    try {
      draw(mount);
    } finally {
      idle(next);
    }
  };
  if (document.readyState === "complete") idle(next);
  else window.addEventListener("load", () => idle(next), { once: true });
}

export function render({ model, el }) {
  const mode = model.get("mode");
  if (mode === "live") return renderLive(model, el);
  if (mode === "pass") return renderPass(model, el);
  if (mode === "checker") return renderChecker(model, el);
  return renderReplay(model, el);
}

export default { render };
