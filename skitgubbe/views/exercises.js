// The learning path (skitgubbe/views/exercises.py writes the HTML; every verdict and its feedback were computed by
// the engine at build time). An exercise is a `article[data-exercise]` with `data-right` (the right option numbers),
// a board (`.sg-ex__board`, its frames as JSON: the position, then the position after each option), one
// <button data-option> per option and a <template data-feedback="i"> per option. The board is drawn by the reader's
// table (table.js, a Replay from the static model). Tapping an option shows its feedback in the aria-live region
// beside the board, draws the move on the board (a Replay of two frames: before and after) and sets `data-result`.
// Progress is kept in localStorage (no server), so it survives a reload until "start over".

import table, { staticModel } from "./table.js";

const PREFIX = "skitgubbe.learn.v1:";

function storeKey(lang) {
  return PREFIX + lang;
}

function load(lang) {
  try {
    const value = JSON.parse(localStorage.getItem(storeKey(lang)) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

function save(lang, answers) {
  try {
    localStorage.setItem(storeKey(lang), JSON.stringify(answers));
  } catch {
    // storage refused (private mode, full): the path still answers, the progress is not kept
  }
}

function langOf(node) {
  const box = node.closest("[data-sg-path]");
  return box ? box.dataset.sgPath : "en";
}

function shared(section) {
  const box = section.closest(".sg-path");
  if (!box) return null;
  if (!box.__sgShared) {
    const script = box.querySelector("script.sg-path__table");
    box.__sgShared = script ? JSON.parse(script.textContent) : null;
  }
  return box.__sgShared;
}

function framesOf(section) {
  if (!section.__sgFrames) {
    const script = section.querySelector("script.sg-ex__frames");
    section.__sgFrames = script ? JSON.parse(script.textContent).frames : [];
  }
  return section.__sgFrames;
}

// the board: the position (one frame), or the position and the board after the chosen option (two frames)
function drawBoard(section, chosen) {
  const data = shared(section);
  const all = framesOf(section);
  const board = section.querySelector('[data-role="exercise-board"]');
  if (!data || !all.length || !board) return;
  const frames = chosen === null ? [all[0]] : [all[0], all[chosen + 1]];
  for (const old of board.querySelectorAll(".sgt")) old.remove();
  const model = staticModel({
    mode: "replay",
    lang: data.lang,
    title: "",
    words: data.words,
    deck: data.deck,
    frames,
    index: frames.length - 1,
    move_list: false,
  });
  table.render({ model, el: board });
  board.dataset.frames = String(frames.length);
  // the exercise's own feedback is the live region: the board's narration is read when the reader goes to it
  for (const n of board.querySelectorAll('[data-role="narration"]')) n.setAttribute("aria-live", "off");
}

function rightOf(section) {
  return (section.dataset.right || "").split(",").filter(Boolean).map(Number);
}

function show(section, chosen) {
  const template = section.querySelector(`template[data-feedback="${chosen}"]`);
  if (!template) return false;
  const right = rightOf(section);
  for (const b of section.querySelectorAll("button[data-option]")) {
    const i = Number(b.dataset.option);
    b.setAttribute("aria-disabled", "true");
    b.classList.toggle("sg-ex--chosen", i === chosen);
    b.classList.toggle("sg-ex--right", right.includes(i));
    b.classList.toggle("sg-ex--wrong", i === chosen && !right.includes(i));
  }
  section.querySelector('[data-role="explain"]').replaceChildren(template.content.cloneNode(true));
  section.dataset.result = right.includes(chosen) ? "right" : "wrong";
  const again = section.querySelector('[data-action="exercise-again"]');
  if (again) again.hidden = false;
  drawBoard(section, chosen);
  return true;
}

function clear(section) {
  for (const b of section.querySelectorAll("button[data-option]")) {
    b.removeAttribute("aria-disabled");
    b.classList.remove("sg-ex--chosen", "sg-ex--right", "sg-ex--wrong");
  }
  section.querySelector('[data-role="explain"]').replaceChildren();
  delete section.dataset.result;
  const again = section.querySelector('[data-action="exercise-again"]');
  if (again) again.hidden = true;
  drawBoard(section, null);
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));
}

function updateStatus() {
  for (const status of document.querySelectorAll('[data-role="path-status"]')) {
    const lang = status.dataset.sgPath;
    const sections = [...document.querySelectorAll("article[data-exercise]")].filter((s) => langOf(s) === lang);
    const total = sections.length;
    const done = sections.filter((s) => s.dataset.result).length;
    const right = sections.filter((s) => s.dataset.result === "right").length;
    let words;
    try {
      words = JSON.parse(status.dataset.words || "{}");
    } catch {
      words = {};
    }
    status.querySelector('[data-role="path-progress"]').textContent = fill(words.progress || "{done}/{total}", { done, total, right });
    const bar = status.querySelector('[data-role="path-bar"]');
    if (bar) {
      bar.max = Math.max(total, 1);
      bar.value = done;
    }
    const finished = status.querySelector('[data-role="path-finished"]');
    const complete = total > 0 && done === total;
    finished.hidden = !complete;
    finished.textContent = complete ? fill(words.finished || "", { total }) : "";
    status.dataset.finished = String(complete);
  }
}

function answer(button) {
  const section = button.closest("article[data-exercise]");
  if (!section || section.dataset.result) return;
  const chosen = Number(button.dataset.option);
  if (!show(section, chosen)) return;
  const lang = langOf(section);
  const answers = load(lang);
  answers[section.dataset.exercise] = chosen;
  save(lang, answers);
  updateStatus();
}

function again(button) {
  const section = button.closest("article[data-exercise]");
  if (!section) return;
  const lang = langOf(section);
  const answers = load(lang);
  delete answers[section.dataset.exercise];
  save(lang, answers);
  clear(section);
  updateStatus();
  const first = section.querySelector("button[data-option]");
  if (first) first.focus();
}

function reset(button) {
  const lang = button.closest("[data-sg-path]").dataset.sgPath;
  try {
    localStorage.removeItem(storeKey(lang));
  } catch {
    // nothing kept
  }
  for (const section of document.querySelectorAll("article[data-exercise]")) {
    if (langOf(section) === lang && section.dataset.result) clear(section);
  }
  updateStatus();
  button.focus();
}

function onClick(event) {
  const button = event.target.closest("button");
  if (!button) return;
  if (button.matches("article[data-exercise] button[data-option]")) answer(button);
  else if (button.matches('article[data-exercise] button[data-action="exercise-again"]')) again(button);
  else if (button.matches('[data-role="path-status"] button[data-action="path-reset"]')) reset(button);
}

/** Draw every exercise's board, make its buttons work and restore the answers kept in this browser. */
export function mountAll(root = document) {
  if (!globalThis.__skitgubbeLearn) {
    globalThis.__skitgubbeLearn = true;
    document.addEventListener("click", onClick);
  }
  for (const section of root.querySelectorAll("article[data-exercise]")) {
    if (section.dataset.mounted) continue;
    section.dataset.mounted = "1";
    const chosen = load(langOf(section))[section.dataset.exercise];
    if (!(Number.isInteger(chosen) && show(section, chosen))) drawBoard(section, null);
  }
  updateStatus();
  for (const status of root.querySelectorAll('[data-role="path-status"]')) status.dataset.mounted = "1";
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => mountAll());
else mountAll();
