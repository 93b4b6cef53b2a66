// The house-rules form (book/*/house-rules.md): every option of the engine, grouped by phase, starting
// from a preset; the composed rules text updates at once, without a kernel, from the data the build
// exports (house-rules-data.json, written by skitgubbe/rules/export.py). The logic is in
// house-rules-core.js; this file only draws and listens.
import * as core from "./house-rules-core.js";
import { h as el } from "./dom.js"; // the table's DOM builder

const UI = {
  sv: {
    preset: "Utgå från förvalet",
    form: "Välj reglerna",
    phase1: "Fas 1",
    phase2: "Fas 2",
    now: "Med ditt val",
    notInPlay: "Används inte med dessa regler.",
    playedBy: "Spelas av",
    download: "Ladda ner regelfilen",
    print: "Skriv ut reglerna",
    link: "Länk till de här reglerna",
    quickref: "Snabbreferens för de här reglerna",
    playLink: "Spela under de här reglerna",
    checkLink: "Pröva ett fall under de här reglerna",
    refusedHelp: "Ändra ett av valen ovan. Reglerna visas igen när kombinationen går.",
    differsFrom: "skiljer sig från förvalet",
    badAddress: "Adressen kunde inte läsas",
    status: (n, base) =>
      n === 0 ? `Reglerna är förvalet ${base}.` : `Reglerna uppdaterade: ${n} skillnader mot förvalet ${base}.`,
  },
  en: {
    preset: "Start from the preset",
    form: "Choose the rules",
    phase1: "Phase 1",
    phase2: "Phase 2",
    now: "With your choice",
    notInPlay: "Not used under these rules.",
    playedBy: "Played by",
    download: "Download the rules file",
    print: "Print the rules",
    link: "Link to these rules",
    quickref: "Quick reference for these rules",
    playLink: "Play under these rules",
    checkLink: "Check a case under these rules",
    refusedHelp: "Change one of the choices above. The rules show again once the combination is possible.",
    differsFrom: "differs from the preset",
    badAddress: "The address could not be read",
    status: (n, base) =>
      n === 0 ? `The rules are the preset ${base}.` : `Rules updated: ${n} differences from the preset ${base}.`,
  },
};


function sourcesText(data, keys, lang) {
  return keys.map((k) => data.sources[k][lang]).join(", ");
}

function render(root, data, lang) {
  const ui = UI[lang];
  const w = data.words[lang];
  const state = { base: "pagat", values: core.presetValues(data, "pagat") };
  const hash = window.location.hash;
  let addressProblem = null;
  if (hash.startsWith("#rules=")) {
    try {
      Object.assign(state, core.fromUrlFragment(data, hash));
    } catch (error) {
      addressProblem = core.explain(data, error, lang);
    }
  }

  // -- the form ----------------------------------------------------------------------------------
  const form = el("form", { class: "sg-hr-form", "aria-label": ui.form });
  form.addEventListener("submit", (e) => e.preventDefault());
  const presetSelect = el("select", { id: `sg-hr-preset-${lang}`, "data-option": "preset" });
  for (const name of Object.keys(data.presets)) {
    presetSelect.append(el("option", { value: name, text: `${name} (${sourcesText(data, data.preset_sources[name], lang)})` }));
  }
  form.append(
    el("p", { class: "sg-hr-preset" }, el("label", { for: presetSelect.id, text: ui.preset + " " }), presetSelect),
  );
  const controls = {};
  const notes = {};
  for (const group of ["phase1", "phase2"]) {
    const fs = el("fieldset", { class: "sg-hr-group" }, el("legend", { text: ui[group] }));
    for (const o of data.options.filter((x) => x.group === group)) {
      const id = `sg-hr-${o.name}-${lang}`;
      let control;
      if (o.type === "bool") {
        control = el("input", { type: "checkbox", id, "data-option": o.name });
      } else {
        control = el("select", { id, "data-option": o.name });
        for (const v of o.values) control.append(el("option", { value: v.value, text: v.label[lang] }));
      }
      const note = el("div", { class: "sg-hr-note", id: `${id}-note` });
      control.setAttribute("aria-describedby", note.id);
      controls[o.name] = control;
      notes[o.name] = note;
      const row = el(
        "div",
        { class: "sg-hr-option", "data-row": o.name },
        o.type === "bool"
          ? el("p", { class: "sg-hr-label" }, control, " ", el("label", { for: id, text: o.label[lang] }))
          : el("p", { class: "sg-hr-label" }, el("label", { for: id, text: o.label[lang] + " " }), control),
        note,
      );
      fs.append(row);
    }
    form.append(fs);
  }

  // -- actions and the sheet -----------------------------------------------------------------------
  const download = el("button", { type: "button", "data-action": "download", text: ui.download });
  const print = el("button", { type: "button", "data-action": "print", text: ui.print });
  const link = el("a", { "data-role": "rules-link", text: ui.link });
  // the one-page quick reference composed for these rules (book/*/quickref.md reads the same address)
  const quick = el("a", { "data-role": "quickref-link", text: ui.quickref });
  // live play and the checker under these rules (play.html and checker.html read the same #rules= address)
  const play = el("a", { "data-role": "play-link", text: ui.playLink });
  const check = el("a", { "data-role": "checker-link", text: ui.checkLink });
  const actions = el("p", { class: "sg-hr-actions" }, download, " ", print, " ", link, " · ", quick, " · ", play, " · ", check);
  const problem = el("div", { class: "sg-hr-refusal", "data-role": "refusal", role: "alert", hidden: true });
  // a short live status instead of a live sheet (a screen reader would read the whole sheet on every change)
  const status = el("p", { class: "sg-hr-status", "data-role": "rules-status", "aria-live": "polite" });
  const sheet = el("section", { class: "sg-hr-sheet", "data-role": "rules-sheet", lang, "aria-label": w.title });
  root.replaceChildren(form, actions, status, problem, sheet);

  function readForm() {
    const values = {};
    for (const o of data.options) {
      const c = controls[o.name];
      values[o.name] = o.type === "bool" ? c.checked : c.value;
    }
    return values;
  }

  function writeForm() {
    presetSelect.value = state.base;
    for (const o of data.options) {
      const c = controls[o.name];
      if (o.type === "bool") c.checked = state.values[o.name];
      else c.value = state.values[o.name];
    }
  }

  function drawNotes(perOption) {
    const baseValues = data.presets[state.base];
    for (const o of data.options) {
      const note = notes[o.name];
      const value = state.values[o.name];
      const ids = perOption ? perOption[o.name] : [];
      // the option's own rules (those it switches) that hold; else the first holding rule that depends on it
      const own = ids.filter((id) => o.rules.includes(id));
      const shown = own.length ? own : ids.slice(0, 1);
      const parts = [];
      if (perOption && ids.length === 0) parts.push(el("span", { class: "sg-hr-unused", text: ui.notInPlay }));
      for (const id of shown) {
        parts.push(el("span", { class: "sg-hr-sentence" }, data.catalogue[id][lang] + " ", el("code", { text: id })));
      }
      // which sources play it: the catalogue's sources of the rules shown (the engine cites the same)
      const keys = [...new Set(shown.flatMap((id) => data.catalogue[id].sources))];
      if (keys.length) {
        parts.push(el("span", { class: "sg-hr-sources", text: `${ui.playedBy}: ${sourcesText(data, keys, lang)}.` }));
      }
      note.replaceChildren(...parts.flatMap((p) => [p, " "]));
      const row = note.parentElement;
      row.classList.toggle("sg-hr-option--changed", baseValues[o.name] !== value);
    }
  }

  function drawSheet() {
    const s = core.sheet(data, state.values, state.base);
    const children = [el("h2", { text: `${w.title}` }), el("p", { class: "sg-hr-base", text: `${w.based_on} ${state.base}.` })];
    const changedAny = s.sections.some((x) => x.rules.some((r) => r.changed)) || s.dropped.length > 0;
    if (!changedAny) children.push(el("p", { text: w.same + "." }));
    for (const { section, rules } of s.sections) {
      const list = el("ul");
      for (const r of rules) {
        const li = el(
          "li",
          { "data-rule": r.id, class: r.changed ? "sg-hr-changed" : null },
          data.catalogue[r.id][lang] + " ",
          el("code", { text: r.id }),
        );
        if (r.changed) li.append(" ", el("strong", { class: "sg-hr-mark", text: `(${w.differs})` }));
        list.append(li);
      }
      children.push(el("h3", { text: w[section] }), list);
    }
    if (s.dropped.length) {
      const list = el("ul", { class: "sg-hr-dropped" });
      for (const id of s.dropped) list.append(el("li", { "data-dropped": id }, el("s", { text: data.catalogue[id][lang] }), " ", el("code", { text: id })));
      children.push(el("h3", { text: w.dropped }), list);
    }
    if (s.unused.length) {
      const list = el("ul", { class: "sg-hr-unused-list" });
      for (const name of s.unused) {
        const o = data.options.find((x) => x.name === name);
        list.append(el("li", { "data-unused": name }, `${o.label[lang]}: `, el("code", { text: o.rules.join(", ") })));
      }
      children.push(el("h3", { text: w.not_in_play }), list);
    }
    sheet.replaceChildren(...children);
    return s.sections.reduce((k, x) => k + x.rules.filter((r) => r.changed).length, 0) + s.dropped.length;
  }

  function update(fromUser) {
    const refused = core.refusal(data, state.values);
    const frag = core.urlFragment(data, state.values, state.base);
    if (fromUser) history.replaceState(null, "", "#" + frag);
    link.href = "#" + frag;
    for (const [a, page] of [[quick, "quickref.html"], [play, "play.html"], [check, "checker.html"]]) {
      if (refused) a.removeAttribute("href");
      else a.href = page + "#" + frag;
    }
    if (refused) {
      // the reason in the page's words, the options named as the form names them (not the engine's text)
      problem.hidden = false;
      problem.replaceChildren(
        el("p", {}, el("strong", { text: w.refused + ": " }), refused.page[lang]),
        el("p", { text: ui.refusedHelp }),
      );
      sheet.hidden = true;
      download.disabled = true;
      root.dataset.refused = "true";
      drawNotes(null);
      status.textContent = `${w.refused}.`;
    } else {
      problem.hidden = true;
      sheet.hidden = false;
      download.disabled = false;
      root.dataset.refused = "false";
      drawNotes(core.optionRules(data, state.values));
      const n = drawSheet();
      status.textContent = ui.status(n, state.base);
    }
    root.dataset.rules = frag;
  }

  presetSelect.addEventListener("change", () => {
    state.base = presetSelect.value;
    state.values = core.presetValues(data, state.base);
    writeForm();
    update(true);
  });
  form.addEventListener("change", (e) => {
    if (e.target === presetSelect) return;
    state.values = readForm();
    update(true);
  });
  download.addEventListener("click", () => {
    const text = JSON.stringify(core.rulesSpec(data, state.values, state.base), null, 1) + "\n";
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const a = el("a", { href: url, download: lang === "sv" ? "vara-regler.json" : "house-rules.json" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  print.addEventListener("click", () => window.print());
  window.addEventListener("hashchange", () => {
    if (!window.location.hash.startsWith("#rules=")) return;
    try {
      Object.assign(state, core.fromUrlFragment(data, window.location.hash));
      writeForm();
      update(false);
    } catch (error) {
      problem.hidden = false;
      problem.textContent = `${ui.badAddress}: ${core.explain(data, error, lang)}.`;
    }
  });

  writeForm();
  update(false);
  if (addressProblem) {
    problem.hidden = false;
    problem.prepend(el("p", { "data-role": "address-problem", text: `${ui.badAddress}: ${addressProblem}.` }));
  }
  root.dataset.ready = "true";
}

async function main() {
  const roots = document.querySelectorAll("[data-house-rules]");
  if (!roots.length) return;
  const response = await fetch(new URL("house-rules-data.json", import.meta.url));
  const data = await response.json();
  for (const root of roots) render(root, data, root.dataset.lang === "sv" ? "sv" : "en");
}

main();
