// What the table server's two pages share: their configuration (the JSON the server put in the page), its words,
// placeholders filled, and `h`, which builds an element with its attributes, listeners and children.
export const config = JSON.parse(document.getElementById("sgs-config").textContent);
export const w = config.words;
export const fill = (template, params) => template.replace(/\{(\w+)\}/g, (_, k) => (k in params ? params[k] : `{${k}}`));

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children);
  return node;
}

/** The WebSocket address of table `code` on this server, its refusals in `lang`. */
export const socketURL = (code, lang) =>
  `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws/${encodeURIComponent(code)}?lang=${lang}`;
