// One answer widget for the book's quizzes (quiz.js) and the learning path's exercises (exercises.js): a question
// is an element with `data-right` (the right option numbers), one <button data-option="i"> per option and a
// <template data-feedback="i"> per option (the engine's verdict, computed at build time). Tapping an option shows
// its feedback in the question's aria-live region, marks the options (chosen, right, wrong) and locks the
// question; the answers are kept in this browser (progress.js) and shown again after a reload until the reader
// starts over. The two kinds differ only in what a `Kind` says: where a question's feedback goes, where its
// answers are kept, and what else it draws (the exercise's board).
import { readAnswers, writeAnswers, forgetAnswers } from "./progress.js";

/** @typedef {{
 *   question: string,
 *   prefix: string,
 *   state: "answered" | "result",
 *   id: (question: HTMLElement) => string,
 *   store: (question: HTMLElement) => string,
 *   feedback: (question: HTMLElement, button: HTMLElement | null) => Element | null,
 *   shown?: (question: HTMLElement, chosen: number | null) => void,
 *   unreadable?: (question: HTMLElement) => void,
 * }} Kind
 * `question` selects one question; `prefix` is its marks' class prefix (`sg-quiz` gives `sg-quiz--right`);
 * `state` the data attribute that says "right" or "wrong"; `id` its id among the answers kept under `store`;
 * `feedback` the region its feedback goes to (placed as the kind wants); `shown` draws the kind's own parts after
 * an answer (chosen) or a clear (null); `unreadable` says, once, that the answers kept could not all be read. */

/** The option numbers `data-right` names. @param {HTMLElement} question @returns {number[]} */
export const rightOf = (question) => (question.dataset.right || "").split(",").filter(Boolean).map(Number);

/** The widget of one kind: show / clear a question, answer, again, reset and mount.
 * @param {Kind} kind */
export function answerWidget(kind) {
  const mark = (/** @type {string} */ name) => `${kind.prefix}--${name}`;
  const buttons = (/** @type {HTMLElement} */ question) => /** @type {HTMLElement[]} */ ([...question.querySelectorAll("button[data-option]")]);
  /** @param {HTMLElement} question */
  const read = (question) => {
    const found = readAnswers(kind.store(question));
    if (found.unreadable && kind.unreadable) kind.unreadable(question);
    return found.answers;
  };

  /** Show the feedback of option `chosen` and lock the question; false when it has no such option.
   * @param {HTMLElement} question @param {number} chosen */
  function show(question, chosen) {
    const template = question.querySelector(`template[data-feedback="${chosen}"]`);
    if (!(template instanceof HTMLTemplateElement)) return false;
    const right = rightOf(question);
    for (const b of buttons(question)) {
      const i = Number(b.dataset.option);
      b.setAttribute("aria-disabled", "true");
      b.classList.toggle(mark("chosen"), i === chosen);
      b.classList.toggle(mark("right"), right.includes(i));
      b.classList.toggle(mark("wrong"), i === chosen && !right.includes(i));
    }
    const region = kind.feedback(question, question.querySelector(`button[data-option="${chosen}"]`));
    if (region) region.replaceChildren(template.content.cloneNode(true));
    question.dataset[kind.state] = right.includes(chosen) ? "right" : "wrong";
    if (kind.shown) kind.shown(question, chosen);
    return true;
  }

  /** The question as it was before an answer. @param {HTMLElement} question */
  function clear(question) {
    for (const b of buttons(question)) {
      b.removeAttribute("aria-disabled");
      b.classList.remove(mark("chosen"), mark("right"), mark("wrong"));
    }
    const region = kind.feedback(question, null);
    if (region) region.replaceChildren();
    delete question.dataset[kind.state];
    if (kind.shown) kind.shown(question, null);
  }

  /** The reader taps an option: shown and kept (once: an answered question is locked).
   * @param {HTMLElement} button @returns {boolean} whether it was answered now */
  function answer(button) {
    const question = /** @type {HTMLElement | null} */ (button.closest(kind.question));
    if (!question || question.dataset[kind.state]) return false;
    const chosen = Number(button.dataset.option);
    if (!show(question, chosen)) return false;
    const answers = read(question);
    answers[kind.id(question)] = chosen;
    writeAnswers(kind.store(question), answers);
    return true;
  }

  /** One question again: its kept answer forgotten, its first option focused. @param {HTMLElement} question */
  function again(question) {
    const answers = read(question);
    delete answers[kind.id(question)];
    writeAnswers(kind.store(question), answers);
    clear(question);
    const first = question.querySelector("button[data-option]");
    if (first instanceof HTMLElement) first.focus();
  }

  /** Start over: every answer kept under `store` forgotten, its questions cleared.
   * @param {string} store @param {ParentNode} [root] */
  function reset(store, root = document) {
    forgetAnswers(store);
    for (const question of questions(root)) if (kind.store(question) === store && question.dataset[kind.state]) clear(question);
  }

  /** @param {ParentNode} root @returns {HTMLElement[]} */
  const questions = (root) => /** @type {HTMLElement[]} */ ([...root.querySelectorAll(kind.question)]);

  /** The answers kept for each question of `root` shown again (each question once); `fresh` gets the others.
   * @param {ParentNode} root @param {(question: HTMLElement) => void} [fresh] */
  function mount(root, fresh) {
    /** @type {Map<string, Record<string, number>>} */
    const kept = new Map();
    for (const question of questions(root)) {
      if (question.dataset.mounted) continue;
      question.dataset.mounted = "1";
      const store = kind.store(question);
      if (!kept.has(store)) kept.set(store, read(question));
      const chosen = /** @type {Record<string, number>} */ (kept.get(store))[kind.id(question)];
      if (!(Number.isInteger(chosen) && show(question, chosen)) && fresh) fresh(question);
    }
  }

  /** How many of `list` are answered, and right. @param {HTMLElement[]} list */
  const counts = (list) => ({
    answered: list.filter((q) => q.dataset[kind.state]).length,
    right: list.filter((q) => q.dataset[kind.state] === "right").length,
  });

  return { show, clear, answer, again, reset, mount, questions, counts };
}

/** Add the document's listeners once per page (the module may run twice: the site's copy and a cell's inline one),
 * then `mount` the page's questions once it is parsed.
 * @param {string} flag @param {Record<string, (event: Event) => void>} listeners @param {() => void} mount */
export function start(flag, listeners, mount) {
  const page = /** @type {any} */ (globalThis);
  if (!page[flag]) {
    page[flag] = true;
    for (const [type, listener] of Object.entries(listeners)) document.addEventListener(type, listener);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => mount());
  else mount();
}

/** Show `text` in `note` (one line, a status: read out once; set again only if it changed).
 * @param {HTMLElement | null} note @param {string | undefined} text */
export function sayNote(note, text) {
  if (!note || !text) return;
  if (note.textContent !== text) note.textContent = text;
  note.hidden = false;
}

/** A box's words (its `data-words` JSON); an unreadable one gives none (each use has its own fallback).
 * @param {HTMLElement} box @returns {Record<string, string>} */
export function wordsOf(box) {
  try {
    const words = JSON.parse(box.dataset.words || "{}");
    return words !== null && typeof words === "object" ? words : {};
  } catch {
    return {};
  }
}
