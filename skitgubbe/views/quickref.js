// The quick reference (book/*/quickref.md) for the house rules: opened with "#rules=..." (the house-rules
// page's own address encoding, from its "Quick reference for these rules" link), the page's rule-dependent
// parts are replaced by a one-page sheet composed by house-rules-core.js from the exported data; without
// that fragment nothing is fetched and the page stays as written. The logic is in house-rules-core.js.
import * as core from "./house-rules-core.js";
import { h as el } from "./dom.js"; // the table's DOM builder

const UI = {
  sv: {
    shows: "De här reglerna",
    preset: "förvalet",
    noChanges: "utan ändringar",
    changes: (n) => (n === 1 ? "med en ändring" : `med ${n} ändringar`),
    marked: "Regler märkta ändrat finns inte i förvalets text.",
    dropped: (n) =>
      n === 1 ? "En av förvalets regler gäller inte här." : `${n} av förvalets regler gäller inte här.`,
    form: "Ändra reglerna i Husregler",
    plain: "Bokens vanliga snabbreferens (Pagat)",
    refused: "Reglerna i adressen går inte att spela",
    badAddress: "Adressen kunde inte läsas",
    fallback: "Nedan står bokens vanliga snabbreferens (Pagat).",
  },
  en: {
    shows: "These rules",
    preset: "the preset",
    noChanges: "unchanged",
    changes: (n) => (n === 1 ? "with one change" : `with ${n} changes`),
    marked: "Rules marked changed are not in the preset's text.",
    dropped: (n) =>
      n === 1 ? "One of the preset's rules does not hold here." : `${n} of the preset's rules do not hold here.`,
    form: "Change the rules in House rules",
    plain: "The book's usual quick reference (Pagat)",
    refused: "The rules in the address cannot be played",
    badAddress: "The address could not be read",
    fallback: "Below is the book's usual quick reference (Pagat).",
  },
};


/** The page's parts: the sheet's root, the title, the link to the twin page, and everything the sheet replaces. */
function pageParts(root) {
  const section = root.parentElement;
  const title = section.querySelector(":scope > h1");
  const twinPara = title && title.nextElementSibling;
  const twin = twinPara && twinPara.matches("p") && twinPara.children.length === 1 ? twinPara.querySelector("a") : null;
  const keep = new Set([root, title, twin ? twinPara : null]);
  const baseline = [...section.children].filter((n) => !keep.has(n) && !n.matches("link, script"));
  // the header's language switch (editions.js points it at the section being read; a sheet has none of them)
  const switches = [...document.querySelectorAll("a.sg-language-switch")].map((a) => ({
    a,
    href: a.getAttribute("href"),
    sections: a.dataset.sgSections,
  }));
  return { twin, twinHref: twin ? twin.getAttribute("href") : null, baseline, switches };
}

/** Point the links to the twin page at the same rules (frag), or back as the page had them (null). */
function twinLinks(parts, frag) {
  if (parts.twin) parts.twin.setAttribute("href", frag ? `${parts.twinHref.split("#")[0]}#${frag}` : parts.twinHref);
  for (const s of parts.switches) {
    if (frag) {
      s.a.dataset.sgSections = "{}";
      s.a.setAttribute("href", `${s.href.split("#")[0]}#${frag}`);
    } else {
      if (s.sections !== undefined) s.a.dataset.sgSections = s.sections;
      s.a.setAttribute("href", s.href);
    }
  }
}

function showBaseline(parts, visible) {
  // without a composed sheet the page is left as written (only what this module hid is shown again)
  for (const node of parts.baseline) {
    if (visible) {
      if ("qrBaseline" in node.dataset) node.hidden = false;
    } else {
      node.dataset.qrBaseline = "";
      node.hidden = true;
    }
  }
  if (visible) delete document.documentElement.dataset.sgQuickref;
  else document.documentElement.dataset.sgQuickref = "composed";
}

function drawSheet(root, data, lang, base, values, frag) {
  const ui = UI[lang];
  const q = core.quickSheet(data, values, base, lang);
  const sources = data.preset_sources[base].map((k) => data.sources[k][lang]).join(", ");
  const shows = el(
    "p",
    { class: "sg-qr-shows", "data-role": "quickref-shows" },
    el("strong", { text: `${ui.shows}: ` }),
    `${ui.preset} `,
    el("strong", { text: base }),
    ` (${sources}), ${q.changes.length ? ui.changes(q.changes.length) : ui.noChanges}`,
  );
  if (q.changes.length) {
    shows.append(": ");
    q.changes.forEach((c, i) => {
      const label = c.label.endsWith("?") ? `${c.label} ` : `${c.label}: `;
      shows.append(el("span", { "data-changed-option": c.name }, label, el("strong", { text: c.value })));
      shows.append(i + 1 < q.changes.length ? "; " : ".");
    });
  } else shows.append(".");
  const marks = [];
  if (q.sections.some((s) => s.rules.some((r) => r.changed))) marks.push(ui.marked);
  if (q.dropped) marks.push(ui.dropped(q.dropped));
  if (marks.length) shows.append(" " + marks.join(" "));
  const links = el(
    "p",
    { class: "sg-qr-links" },
    el("a", { href: `house-rules.html#${frag}`, "data-role": "quickref-form", text: ui.form }),
    " · ",
    el("a", { href: "quickref.html", "data-role": "quickref-plain", text: ui.plain }),
  );
  const children = [shows, links];
  for (const { section, heading, rules } of q.sections) {
    const list = el("ul");
    for (const r of rules) {
      const attrs = { "data-rule": r.id, class: r.changed ? "sg-qr-changed" : null };
      const li = el("li", attrs, r.text + " ", el("code", { text: r.id }));
      if (r.changed) li.append(" ", el("strong", { class: "sg-qr-mark", text: `(${data.words[lang].differs})` }));
      list.append(li);
    }
    const part = el("section", { class: "sg-qr-section", "data-section": section }, el("h2", { text: heading }), list);
    children.push(part);
  }
  root.replaceChildren(...children);
  root.dataset.base = base;
}

function drawProblem(root, lang, text) {
  const ui = UI[lang];
  root.replaceChildren(
    el("p", { class: "sg-qr-problem", role: "alert", "data-role": "quickref-problem" }, text + " ", ui.fallback),
  );
}

function apply(root, parts, lang, data) {
  const hash = window.location.hash;
  if (!hash.startsWith("#rules=")) {
    root.hidden = true;
    root.replaceChildren();
    root.dataset.state = "baseline";
    twinLinks(parts, null);
    showBaseline(parts, true);
    return;
  }
  const ui = UI[lang];
  let parsed;
  try {
    parsed = core.fromUrlFragment(data, hash);
  } catch (error) {
    drawProblem(root, lang, `${ui.badAddress}: ${core.explain(data, error, lang)}.`);
    root.hidden = false;
    root.dataset.state = "problem";
    twinLinks(parts, null);
    showBaseline(parts, true);
    return;
  }
  const refused = core.refusal(data, parsed.values);
  if (refused) {
    drawProblem(root, lang, `${ui.refused}: ${refused.page[lang]}`);
    root.hidden = false;
    root.dataset.state = "refused";
    twinLinks(parts, null);
    showBaseline(parts, true);
    return;
  }
  const frag = core.urlFragment(data, parsed.values, parsed.base);
  drawSheet(root, data, lang, parsed.base, parsed.values, frag);
  twinLinks(parts, frag);
  root.hidden = false;
  root.dataset.state = "composed";
  showBaseline(parts, false);
}

async function main() {
  const root = document.querySelector("[data-quickref]");
  if (!root) return;
  const lang = root.dataset.lang === "sv" ? "sv" : "en";
  const parts = pageParts(root);
  let data = null;
  const load = async () => {
    // the data is fetched only for a "#rules=" address: the plain page needs nothing
    if (window.location.hash.startsWith("#rules=") && data === null) {
      const response = await fetch(new URL("house-rules-data.json", import.meta.url));
      data = await response.json();
    }
    apply(root, parts, lang, data);
    root.dataset.ready = "true";
  };
  window.addEventListener("hashchange", () => {
    root.dataset.ready = "false";
    load();
  });
  await load();
}

main();
