// The answers kept in this browser (localStorage, no server): an object of question id -> the option chosen
// (a whole number). What is stored may be anything (another version, another script, a hand edit, a full disk):
// `readAnswers` keeps only the well-formed entries and says whether anything could not be read, so a page shows
// one line about it and keeps the rest; storage that refuses (private mode, full) loses nothing on screen.

/** The most text read back (a path of 33 exercises needs about 1 kB). */
export const MAX_STORED = 64 * 1024;
/** The most entries kept, and the longest id. */
export const MAX_ENTRIES = 1000;
const MAX_ID = 200;

/** @typedef {Record<string, number>} Answers */
/** @typedef {{ answers: Answers, unreadable: boolean }} Read */

/** The answers in `text` (what localStorage holds, or null when nothing is kept).
 * @param {unknown} text @returns {Read} */
export function parseAnswers(text) {
  /** @type {Answers} */
  const answers = Object.create(null);
  if (text === null || text === undefined) return { answers, unreadable: false };
  if (typeof text !== "string" || text.length > MAX_STORED) return { answers, unreadable: true };
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { answers, unreadable: true };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { answers, unreadable: true };
  let unreadable = false;
  for (const [id, chosen] of Object.entries(value)) {
    const fits = id.length > 0 && id.length <= MAX_ID && id.isWellFormed() && Number.isSafeInteger(chosen) && chosen >= 0;
    if (fits && Object.keys(answers).length < MAX_ENTRIES) answers[id] = chosen;
    else unreadable = true;
  }
  return { answers, unreadable };
}

/** @param {string} key @returns {Read} */
export function readAnswers(key) {
  try {
    return parseAnswers(localStorage.getItem(key));
  } catch {
    return { answers: Object.create(null), unreadable: false }; // no storage here (refused): nothing was kept
  }
}

/** Keep `answers` under `key`; false when storage refuses (the page goes on without it).
 * @param {string} key @param {Answers} answers @returns {boolean} */
export function writeAnswers(key, answers) {
  try {
    localStorage.setItem(key, JSON.stringify(answers));
    return true;
  } catch {
    return false;
  }
}

/** Forget the answers under `key`. @param {string} key */
export function forgetAnswers(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing kept, nothing to forget
  }
}
