// The learning path (skitgubbe/views/exercises.py writes the HTML; every verdict and its feedback were computed by
// the engine at build time): the answer widget (answers.js) of the kind "exercise". An exercise is an
// `article[data-exercise]` with a board (`.sg-ex__board`, its frames as JSON: the position, then the position
// after each option), drawn by the reader's table (a Replay of the static model). Its feedback goes to the
// aria-live region beside the board, the board shows the move (two frames: before and after), and "again" offers
// it anew. Progress is kept in this browser per language, so it survives a reload until "start over".
import { answerWidget, rightOf, sayNote, start, wordsOf } from "./answers.js";
import { fill } from "./template.js";
import { render, staticModel } from "./table.js";

const PREFIX = "skitgubbe.learn.v1:";
const QUESTION = "article[data-exercise]";

/** The language of the path `node` is in. @param {Element} node */
function langOf(node) {
  const box = /** @type {HTMLElement | null} */ (node.closest("[data-sg-path]"));
  return (box && box.dataset.sgPath) || "en";
}

/** The JSON of the first `script` under `node` (parsed once). @param {Element} node @param {string} script */
function jsonOf(node, script) {
  const held = /** @type {any} */ (node);
  if (!held.__sgJSON) held.__sgJSON = {};
  if (!(script in held.__sgJSON)) {
    const tag = node.querySelector(script);
    held.__sgJSON[script] = tag ? JSON.parse(tag.textContent || "null") : null;
  }
  return held.__sgJSON[script];
}

/** The board's "show rule ids" checkbox (the first of the Replay's toggles). @param {ParentNode} board */
function ruleToggle(board) {
  const input = board.querySelector(".sgt-toggles .sgt-toggle input");
  return input instanceof HTMLInputElement ? input : null;
}

/** The frame after the chosen option: a wrong answer's legal move is said to be a wrong answer ("✗ Wrong
 * answer.", not "✓ legal"; the rule's reason under it as before); an illegal one keeps its own "✗" verdict.
 * @param {any} frame @param {boolean} wrong @param {string | undefined} words */
function answered(frame, wrong, words) {
  if (!wrong || !words || !frame.last || !frame.last.legal) return frame;
  return { ...frame, last: { ...frame.last, legal: false, verdict: words.replace(/^✗\s*/, "") } };
}

// the board: the position (one frame), or the position and the board after the chosen option (two frames)
/** @param {HTMLElement} section @param {number | null} chosen */
function drawExercise(section, chosen) {
  const path = section.closest(".sg-path");
  const data = path && jsonOf(path, "script.sg-path__table");
  const all = (jsonOf(section, "script.sg-ex__frames") || { frames: [] }).frames;
  const board = /** @type {HTMLElement | null} */ (section.querySelector('[data-role="exercise-board"]'));
  if (!data || !all.length || !board) return;
  const steps = data.steps || {};
  const frames = chosen === null ? [all[0]] : [all[0], answered(all[chosen + 1], !rightOf(section).includes(chosen), steps.wrong)];
  for (const old of board.querySelectorAll(".sgt")) old.remove();
  const model = staticModel({ mode: "replay", lang: data.lang, title: "", words: data.words, deck: data.deck, frames, index: frames.length - 1, move_list: false });
  render({ model, el: board });
  board.dataset.frames = String(frames.length);
  // the exercise's own feedback is the live region: the board's narration is read when the reader goes to it
  for (const n of board.querySelectorAll('[data-role="narration"]')) n.setAttribute("aria-live", "off");
  // the help in words that fit the reader's pointer: a finger has no arrow keys
  const touch = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
  const help = touch ? steps.steps_touch : steps.steps_keys;
  for (const n of board.querySelectorAll(".sgt-help")) if (help) n.textContent = help;
  // the rule ids (in the board and in the feedback) follow the board's toggle, kept over a redraw
  const ids = section.classList.contains("sg-ex--ruleids");
  const toggle = ruleToggle(board);
  if (toggle && ids) {
    toggle.checked = true;
    toggle.closest(".sgt")?.classList.add("sgt--ruleids");
  }
}

/** After an answer the board grows above the options (the move's Replay): the tapped option stays where the reader
 * tapped, and the page moves up only as far as the feedback under the options needs to be seen, never so far that
 * the tapped option leaves the screen.
 * @param {HTMLElement} section @param {HTMLElement} button @param {number} before the option's top before */
function keepInPlace(section, button, before) {
  const by = (/** @type {number} */ dy) => window.scrollBy({ top: dy, left: 0, behavior: "instant" });
  by(button.getBoundingClientRect().top - before);
  const feedback = section.querySelector('[data-role="explain"]');
  if (!feedback) return;
  // the site's sticky bar (the book theme's article header) covers the top of the screen
  const header = document.querySelector(".bd-header-article");
  const top = Math.max(0, header ? header.getBoundingClientRect().bottom : 0) + 8;
  const below = feedback.getBoundingClientRect().bottom - (window.innerHeight - 8);
  const room = button.getBoundingClientRect().top - top;
  if (below > 0 && room > 0) by(Math.min(below, room));
}

const path = answerWidget({
  question: QUESTION,
  prefix: "sg-ex",
  state: "result",
  id: (section) => section.dataset.exercise || "",
  store: (section) => PREFIX + langOf(section),
  feedback: (section) => section.querySelector('[data-role="explain"]'),
  shown(section, chosen) {
    const again = /** @type {HTMLElement | null} */ (section.querySelector('[data-action="exercise-again"]'));
    if (again) again.hidden = chosen === null;
    drawExercise(section, chosen);
  },
  // the progress kept in this browser could not all be read (progress.js keeps the rest): one line in the path's
  // status, in its language (data-role="path-note")
  unreadable(section) {
    const lang = langOf(section);
    for (const status of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-role="path-status"]'))) {
      if (status.dataset.sgPath === lang) sayNote(status.querySelector('[data-role="path-note"]'), wordsOf(status).unreadable);
    }
  },
});

function updateStatus() {
  for (const status of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-role="path-status"]'))) {
    const lang = status.dataset.sgPath;
    const sections = path.questions(document).filter((s) => langOf(s) === lang);
    const total = sections.length;
    const { answered: done, right } = path.counts(sections);
    const words = wordsOf(status);
    const line = status.querySelector('[data-role="path-progress"]');
    if (line) line.textContent = fill(words.progress || "{done}/{total}", { done, total, right });
    const bar = status.querySelector('[data-role="path-bar"]');
    if (bar instanceof HTMLProgressElement) {
      bar.max = Math.max(total, 1);
      bar.value = done;
    }
    const finished = /** @type {HTMLElement | null} */ (status.querySelector('[data-role="path-finished"]'));
    const complete = total > 0 && done === total;
    if (finished) {
      finished.hidden = !complete;
      finished.textContent = complete ? fill(words.finished || "", { total }) : "";
    }
    status.dataset.finished = String(complete);
  }
}

/** @param {Event} event */
function onClick(event) {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  if (!button) return;
  const section = /** @type {HTMLElement | null} */ (button.closest(QUESTION));
  if (section && button.matches("button[data-option]")) {
    const before = button.getBoundingClientRect().top;
    if (path.answer(button)) {
      keepInPlace(section, button, before);
      updateStatus();
    }
  } else if (section && button.matches('button[data-action="exercise-again"]')) {
    path.again(section);
    updateStatus();
  } else if (button.matches('[data-role="path-status"] button[data-action="path-reset"]')) {
    path.reset(PREFIX + langOf(button));
    updateStatus();
    button.focus();
  }
}

/** The board's "show rule ids" shows the exercise's own rule ids too (its feedback's, its rule's).
 * @param {Event} event */
function onChange(event) {
  const input = event.target;
  if (!(input instanceof HTMLInputElement)) return;
  const board = input.closest('[data-role="exercise-board"]');
  const section = board && board.closest(QUESTION);
  if (section && ruleToggle(board) === input) section.classList.toggle("sg-ex--ruleids", input.checked);
}

/** Draw every exercise's board, make its buttons work and restore the answers kept in this browser. */
export function mountPath(root = document) {
  path.mount(root, (section) => drawExercise(section, null));
  updateStatus();
  for (const status of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-role="path-status"]'))) status.dataset.mounted = "1";
}

start("__skitgubbeLearn", { click: onClick, change: onChange }, mountPath);
