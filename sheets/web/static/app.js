// The `sheets serve` page: plain JavaScript, no build step, no network but this server.
// Files live in the page (opened, dropped, started from a starter); every edit is checked and
// previewed through the server's API after a short pause (debounced).
"use strict";

const LABELS = JSON.parse(document.getElementById("labels").textContent);
const DEBOUNCE_MS = 300;
const PREVIEW_DPI = 96;
const MAX_PREVIEW_PAGES = 30;  // pages previewed (the downloads have them all)
const NEW_NAME = "untitled.yaml";  // a file typed or pasted into the empty editor
const TEXT_SUFFIXES = [".yaml", ".yml", ".blk", ".mul", ".ros"];

const state = {
  ui: "en",
  files: [],          // {name, text (string) | bytes (Uint8Array)}
  active: -1,
  game: null,         // the game of the opened files (from the check)
  catalogue: [],      // games with their options, charts, starters, calculators
  problems: [],
  generation: 0,      // drops answers to edits that are no longer the latest
  pages: 0,
  printLangTouched: false,
};

const $ = (id) => document.getElementById(id);
const t = (key) => (LABELS[key] ? LABELS[key][state.ui] : key);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) node.append(c);
  return node;
}

// ---- labels ------------------------------------------------------------------------------
function applyLabels() {
  document.documentElement.lang = state.ui;
  document.title = t("app_title");
  for (const node of document.querySelectorAll("[data-l]")) node.textContent = t(node.dataset.l);
  renderGameSelects();
  renderGameOptions();
  renderCalculators();
  renderHandouts();
  renderProblems();
  renderStatus();
}

function gameName(game) {
  return (game.name && (game.name[state.ui] || game.name.en)) || game.id;
}

// ---- files -------------------------------------------------------------------------------
function isText(name) {
  const lower = name.toLowerCase();
  return TEXT_SUFFIXES.some((s) => lower.endsWith(s));
}

async function addFiles(list) {
  for (const file of list) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let entry = {name: file.name, bytes};
    if (isText(file.name)) {
      try {
        entry = {name: file.name, text: new TextDecoder("utf-8", {fatal: true}).decode(bytes)};
      } catch (e) { /* not UTF-8: kept as bytes, the server reports it */ }
    }
    const same = state.files.findIndex((f) => f.name === entry.name);
    if (same >= 0) state.files[same] = entry; else state.files.push(entry);
    state.active = same >= 0 ? same : state.files.length - 1;
  }
  renderFiles();
  schedule(0);
}

function uniqueName(base) {
  let name = base, n = 2;
  while (state.files.some((f) => f.name === name)) name = base.replace(/(\.\w+)$/, `-${n++}$1`);
  return name;
}

async function startNew() {
  const game = $("new-game").value, kind = $("new-kind").value;
  const r = await fetch(`/api/starter?game=${encodeURIComponent(game)}&kind=${encodeURIComponent(kind)}&lang=${state.ui}`);
  const data = await r.json();
  if (!r.ok) { showError(data.error); return; }
  state.files.push({name: uniqueName(`${game}-${kind || "new"}.yaml`), text: data.text});
  state.active = state.files.length - 1;
  renderFiles();
  schedule(0);
}

function closeFile(i) {
  state.files.splice(i, 1);
  state.active = Math.min(state.active, state.files.length - 1);
  renderFiles();
  schedule(0);
}

function renderFiles() {
  const tabs = $("file-tabs");
  tabs.replaceChildren();
  state.files.forEach((f, i) => {
    const count = state.problems.filter((p) => p.file === f.name && p.severity !== "warning").length;
    tabs.append(el("span", {class: "file-tab" + (i === state.active ? " active" : "") + (count ? " has-errors" : "")},
      el("button", {type: "button", class: "name", "data-index": i, onclick: () => { state.active = i; renderFiles(); }}, f.name),
      el("button", {type: "button", class: "close", title: t("close_file"), "aria-label": t("close_file"), onclick: () => closeFile(i)}, "×")));
  });
  const f = state.files[state.active];
  $("no-files").hidden = state.files.length > 0;
  $("editor-box").hidden = !!f && f.text === undefined;  // empty: type or paste a file here
  $("binary-note").hidden = !f || f.text !== undefined;
  const editor = $("editor");
  if (!f) editor.value = "";
  else if (f.text !== undefined && editor.value !== f.text) editor.value = f.text;
  if (f && f.text !== undefined) editor.dataset.file = f.name;
  renderGutter();
}

function formData() {
  const fd = new FormData();
  for (const f of state.files) {
    const blob = f.text !== undefined ? new Blob([f.text], {type: "text/plain"}) : new Blob([f.bytes]);
    fd.append("files", blob, f.name);
  }
  return fd;
}

// ---- editor: line numbers and marks ------------------------------------------------------
function lineHeight() {
  return parseFloat(getComputedStyle($("editor")).lineHeight) || 18;
}

function renderGutter() {
  const editor = $("editor"), gutter = $("gutter"), marks = $("marks");
  const f = state.files[state.active];
  const lines = editor.value.split("\n").length;
  const mine = f ? state.problems.filter((p) => p.file === f.name && p.line) : [];
  const byLine = new Map();
  for (const p of mine) {
    const prev = byLine.get(p.line);
    if (!prev || (prev.severity === "warning" && p.severity !== "warning")) byLine.set(p.line, p);
  }
  const frag = document.createDocumentFragment();
  for (let n = 1; n <= lines; n++) {
    const p = byLine.get(n);
    const cls = "ln" + (p ? (p.severity === "warning" ? " warning" : " error") : "");
    frag.append(el("div", {class: cls, "data-line": n, title: p ? p.message : null}, String(n)));
  }
  gutter.replaceChildren(frag);
  const lh = lineHeight();
  const mk = document.createDocumentFragment();
  for (const [n, p] of byLine) {
    const mark = el("div", {class: "mark " + (p.severity === "warning" ? "warning" : "error"), "data-line": n});
    mark.style.top = `${(n - 1) * lh}px`;  // CSSOM, not a style attribute (the CSP refuses those)
    mark.style.height = `${lh}px`;
    mk.append(mark);
  }
  marks.replaceChildren(mk);
  syncScroll();
}

function syncScroll() {
  const editor = $("editor");
  $("gutter").scrollTop = editor.scrollTop;
  $("marks").style.transform = `translate(${-editor.scrollLeft}px, ${-editor.scrollTop}px)`;
}

function goToLine(file, line, column) {
  const i = state.files.findIndex((f) => f.name === file);
  if (i < 0 || state.files[i].text === undefined) return;
  state.active = i;
  renderFiles();
  const editor = $("editor");
  const lines = editor.value.split("\n");
  let pos = 0;
  for (let n = 0; n < line - 1 && n < lines.length; n++) pos += lines[n].length + 1;
  pos += Math.max(0, (column || 1) - 1);
  editor.focus();
  editor.setSelectionRange(pos, pos);
  editor.scrollTop = Math.max(0, (line - 4) * lineHeight());
  syncScroll();
}

// ---- check and preview -------------------------------------------------------------------
let timer = null;
let inflight = null;

function schedule(delay = DEBOUNCE_MS) {
  clearTimeout(timer);
  timer = setTimeout(update, delay);
}

function optionQuery(extra = {}) {
  const q = new URLSearchParams();
  q.set("lang", $("opt-lang").value);
  q.set("paper", $("opt-paper").value);
  if ($("opt-mono").checked) q.set("mono", "1");
  for (const input of document.querySelectorAll("#game-options [data-option]")) {
    const name = input.dataset.option;
    if (input.type === "checkbox") { if (input.checked !== (input.dataset.default === "1")) q.set(name, input.checked ? "1" : "0"); }
    else if (input.value !== "" && input.value !== input.dataset.default) q.set(name, input.value);
  }
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q.toString();
}

async function update() {
  const gen = ++state.generation;
  if (inflight) inflight.abort();
  inflight = new AbortController();
  const signal = inflight.signal;
  if (!state.files.length) {
    state.problems = []; state.game = null; state.pages = 0;
    renderProblems(); renderGameOptions(); $("pages").replaceChildren(); renderStatus();
    return;
  }
  setStatus(t("checking"));
  let data;
  try {
    const r = await fetch("/api/check", {method: "POST", body: formData(), signal});
    data = await r.json();
    if (!r.ok) { if (gen === state.generation) showError(data.error); return; }
  } catch (e) { return; }
  if (gen !== state.generation) return;
  state.problems = data.problems;
  state.units = data.units;
  if (data.game !== state.game) { state.game = data.game; renderGameOptions(); }
  renderProblems();
  renderFiles();
  renderStatus();
  if (data.problems.some((p) => p.severity !== "warning")) {
    $("preview-note").textContent = t("fix_first");
    $("pages").classList.add("stale");
    return;
  }
  await preview(gen, signal);
}

async function preview(gen, signal) {
  $("preview-note").textContent = t("rendering");
  const query = optionQuery();
  let pages = 1;
  for (let page = 1; page <= Math.min(pages, MAX_PREVIEW_PAGES); page++) {
    let r;
    try {
      r = await fetch(`/api/preview?${query}&page=${page}&dpi=${PREVIEW_DPI}`, {method: "POST", body: formData(), signal});
    } catch (e) { return; }
    if (gen !== state.generation) return;
    if (!r.ok) {
      const data = await r.json().catch(() => ({}));
      if (data.problems) { state.problems = data.problems; renderProblems(); renderFiles(); }
      showError(data.error || "");
      return;
    }
    pages = parseInt(r.headers.get("X-Pages") || "1", 10);
    const url = URL.createObjectURL(await r.blob());
    if (gen !== state.generation) { URL.revokeObjectURL(url); return; }
    showPage(page, url, pages);
  }
  state.pages = pages;
  const box = $("pages");
  while (box.children.length > Math.min(pages, MAX_PREVIEW_PAGES)) box.lastChild.remove();
  box.classList.remove("stale");
  $("preview-note").textContent = pages > MAX_PREVIEW_PAGES ? `${t("first_pages")} ${MAX_PREVIEW_PAGES} / ${pages}` : "";
  $("page-count").textContent = `(${pages} ${t("pages")})`;
}

function showPage(n, url, pages) {
  const box = $("pages");
  let fig = $(`page-${n}`);
  if (!fig) {
    fig = el("figure", {id: `page-${n}`}, el("img", {alt: `${t("page_n")} ${n}`}), el("figcaption"));
    box.append(fig);
  }
  const img = fig.querySelector("img");
  if (img.src.startsWith("blob:")) URL.revokeObjectURL(img.src);
  img.src = url;
  img.dataset.generation = String(state.generation);
  fig.querySelector("figcaption").textContent = `${t("page_n")} ${n} / ${pages}`;
}

function renderProblems() {
  const list = $("problems");
  list.replaceChildren();
  for (const p of state.problems) {
    const where = p.line ? `${p.file}:${p.line}:${p.column}` : p.file;
    const warn = p.severity === "warning";
    list.append(el("li", {class: warn ? "warning" : "error", "data-file": p.file, "data-line": p.line || "",
                          onclick: () => p.line && goToLine(p.file, p.line, p.column)},
      el("code", {}, where), ": ", warn ? el("em", {}, t("warning") + ": ") : "", p.message));
  }
  const errors = state.problems.filter((p) => p.severity !== "warning").length;
  $("problem-count").textContent = state.problems.length ? `(${state.problems.length})` : "";
  if (!state.problems.length && state.files.length) list.append(el("li", {class: "ok"}, t("no_problems")));
  list.dataset.errors = String(errors);
  renderGutter();
}

function renderStatus() {
  if (!state.files.length) { setStatus(""); return; }
  const game = state.catalogue.find((g) => g.id === state.game);
  const parts = [];
  if (game) parts.push(gameName(game));
  if (state.units !== undefined) parts.push(`${t("units")}: ${state.units}`);
  setStatus(parts.join(" · "));
}

function setStatus(text) { $("status").textContent = text; }

function showError(message) {
  $("preview-note").textContent = message ? `${t("error")}: ${message}` : "";
}

// ---- options from the game plug-in -------------------------------------------------------
function optionControl(opt, prefix) {
  const id = `${prefix}-${opt.name}`;
  let input;
  if (opt.kind === "flag") {
    input = el("input", {type: "checkbox", id, "data-option": opt.name, "data-default": opt.default ? "1" : "0"});
    input.checked = !!opt.default;
    return el("label", {class: "check", title: opt.help}, input, " ", el("code", {}, `--${opt.name}`));
  }
  if (opt.kind === "choice") {
    input = el("select", {id, "data-option": opt.name, "data-default": opt.default ?? ""});
    if (opt.default === null || opt.default === undefined) input.append(el("option", {value: ""}, `(${t("default_value")})`));
    for (const c of opt.choices) input.append(el("option", {value: c}, c));
    input.value = opt.default ?? "";
  } else {
    input = el("input", {id, "data-option": opt.name, "data-default": opt.default ?? "",
                         type: opt.kind === "int" || opt.kind === "float" ? "number" : "text",
                         step: opt.kind === "float" ? "any" : null, min: opt.min, max: opt.max,
                         placeholder: opt.default ?? t("default_value")});
    input.value = opt.default ?? "";
  }
  return el("label", {title: opt.help}, el("code", {}, `--${opt.name}`), input);
}

function renderGameOptions() {
  const box = $("game-options");
  const previous = {};
  for (const input of box.querySelectorAll("[data-option]")) previous[input.dataset.option] = input.type === "checkbox" ? input.checked : input.value;
  box.replaceChildren();
  const game = state.catalogue.find((g) => g.id === state.game);
  if (!game) return;
  const opts = game.options.render || [];
  if (opts.length) box.append(el("strong", {class: "full"}, `${t("game_options")} (${gameName(game)})`));
  for (const opt of opts) {
    const label = optionControl(opt, "opt");
    const input = label.querySelector("[data-option]");
    if (opt.name in previous) { if (input.type === "checkbox") input.checked = previous[opt.name]; else input.value = previous[opt.name]; }
    box.append(label);
  }
}

// ---- downloads ---------------------------------------------------------------------------
function filenameOf(response, fallback) {
  const cd = response.headers.get("Content-Disposition") || "";
  const star = cd.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) return decodeURIComponent(star[1]);
  const plain = cd.match(/filename="([^"]+)"/i);
  return plain ? plain[1] : fallback;
}

function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = el("a", {href: url, download: name});
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

async function download(path, fallback, init = {}) {
  const r = await fetch(path, init);
  if (!r.ok) {
    const data = await r.json().catch(() => ({}));
    showError(data.error || (data.problems ? data.problems.map((p) => p.message).join("; ") : r.statusText));
    return;
  }
  saveBlob(await r.blob(), filenameOf(r, fallback));
}

function postFiles(path, fallback) {
  if (!state.files.length) return;
  download(`${path}${path.includes("?") ? "&" : "?"}${optionQuery()}`, fallback, {method: "POST", body: formData()});
}

// ---- starters, calculators, handouts -----------------------------------------------------
function renderGameSelects() {
  for (const id of ["new-game", "calc-game"]) {
    const sel = $(id);
    const keep = sel.value;
    sel.replaceChildren();
    for (const g of state.catalogue) {
      if (id === "new-game" && !g.starters.length) continue;
      if (id === "calc-game" && !g.calculators.length) continue;
      sel.append(el("option", {value: g.id}, gameName(g)));
    }
    if (keep) sel.value = keep;
    if (!sel.value && sel.options.length) sel.value = sel.options[0].value;
  }
  renderKinds();
  const starters = state.catalogue.some((g) => g.starters.length);
  for (const id of ["new-label", "new-game", "new-kind", "new-start"]) $(id).hidden = !starters;
}

function renderKinds() {
  const game = state.catalogue.find((g) => g.id === $("new-game").value);
  const sel = $("new-kind");
  sel.replaceChildren();
  for (const k of game ? game.starters : []) sel.append(el("option", {value: k}, k));
}

function unitChoices() {
  // "@N#Name": unit Name of opened file N (the server maps N to the file; never a path)
  return state.unitList || [];
}

async function loadUnitList() {
  state.unitList = [];
  if (!state.files.length) return;
  const fd = formData();
  const r = await fetch("/api/units", {method: "POST", body: fd});
  if (!r.ok) return;
  const data = await r.json();
  state.unitList = data.units;
}

function renderCalculators() {
  const box = $("calcs");
  box.replaceChildren();
  const game = state.catalogue.find((g) => g.id === $("calc-game").value);
  if (!game) { box.append(el("p", {class: "hint"}, t("no_calculators"))); return; }
  for (const calc of game.calculators) box.append(calculatorForm(game, calc));
}

function calculatorForm(game, calc) {
  const form = el("form", {class: "calc", "data-calc": `${game.id} ${calc.name}`, onsubmit: (e) => e.preventDefault()});
  form.append(el("h3", {}, el("code", {}, `calc ${game.id} ${calc.name}`)), el("p", {class: "hint"}, calc.help));
  const grid = el("div", {class: "grid"});
  for (const field of calc.fields) grid.append(calcField(field, form));
  form.append(grid);
  const out = el("div", {class: "result", "aria-live": "polite"});
  form.append(out);
  let tm = null;
  form.addEventListener("input", () => { clearTimeout(tm); tm = setTimeout(() => runCalc(game, calc, form, out), 250); });
  form.addEventListener("change", () => { clearTimeout(tm); tm = setTimeout(() => runCalc(game, calc, form, out), 50); });
  return form;
}

function calcField(field, form) {
  const label = el("label", {title: field.help, class: field.kind === "flag" ? "check" : null});
  const name = el("code", {}, field.flag + (field.required ? " *" : ""));
  let input;
  if (field.kind === "flag") {
    input = el("select", {"data-field": field.name});
    input.append(el("option", {value: ""}, field.default === true ? `(${t("word_yes")})` : field.default === false || field.default === null ? `(${t("word_no")})` : "—"));
    input.append(el("option", {value: "1"}, t("word_yes")));
    if (field.off || field.default === true) input.append(el("option", {value: "0"}, t("word_no")));
    label.append(name, input);
    return label;
  }
  if (field.kind === "choice") {
    input = el("select", {"data-field": field.name});
    input.append(el("option", {value: ""}, field.default ? `(${field.default})` : "—"));
    for (const c of field.choices) input.append(el("option", {value: c}, c));
    // a calculator's own language option follows the page's language
    if (field.flag === "--lang" && field.choices.includes(state.ui) && state.ui !== field.default) input.value = state.ui;
  } else {
    input = el("input", {"data-field": field.name, type: field.kind === "int" || field.kind === "float" ? "number" : "text",
                         step: field.kind === "float" ? "any" : null, min: field.minimum, max: field.maximum,
                         placeholder: field.default !== null && field.default !== undefined ? String(field.default) : (field.metavar || "")});
    if (field.multiple) input.dataset.multiple = "1";
    if (field.takes_file) {
      const list = `units-${Math.random().toString(36).slice(2)}`;
      input.setAttribute("list", list);
      const dl = el("datalist", {id: list});
      input.addEventListener("focus", async () => {
        await loadUnitList();
        dl.replaceChildren(...unitChoices().map((u) => el("option", {value: u.ref}, u.name ? `${u.file}: ${u.name}` : u.file)));
      });
      label.append(dl);
      input.title = `${field.help} — ${t("pick_unit")}`;
    }
  }
  if (field.multiple) input.placeholder = (input.placeholder || "") + " …";
  label.prepend(name);
  label.append(input);
  return label;
}

async function runCalc(game, calc, form, out) {
  const fields = {};
  for (const input of form.querySelectorAll("[data-field]")) {
    const v = input.value.trim();
    if (v === "") continue;
    // a repeatable field takes several values separated by spaces (e.g. counters)
    fields[input.dataset.field] = input.dataset.multiple ? v.split(/\s+/) : v;
  }
  const missing = calc.fields.filter((f) => f.required && !(f.name in fields));
  if (missing.length) { out.replaceChildren(el("p", {class: "hint"}, `${t("required")}: ${missing.map((f) => f.flag).join(", ")}`)); return; }
  const fd = formData();
  fd.append("game", game.id);
  fd.append("command", calc.name);
  fd.append("fields", JSON.stringify(fields));
  const r = await fetch("/api/calc", {method: "POST", body: fd});
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    const msg = data.error || (data.problems || []).map((p) => `${p.file}: ${p.message}`).join("; ");
    out.replaceChildren(el("p", {class: "error"}, `${t("error")}: ${msg}`));
    return;
  }
  out.replaceChildren(resultView(data.result, data.text));
}

function findDistribution(value, depth = 0) {
  // the first list of probabilities (or mapping of outcome → probability) in a result
  if (depth > 3 || value === null || typeof value !== "object") return null;
  const isP = (x) => typeof x === "number" && x >= 0 && x <= 1.0000001;
  if (Array.isArray(value)) {
    if (value.length > 1 && value.every(isP)) return value.map((p, i) => [String(i), p]);
  } else {
    const entries = Object.entries(value);
    for (const [k, v] of entries) {
      if (/distribution/i.test(k)) { const d = findDistribution(v, depth + 1) || (Array.isArray(v) && v.every(isP) ? v.map((p, i) => [String(i), p]) : null); if (d) return d; }
    }
    const numeric = entries.filter(([, v]) => isP(v));
    if (entries.length > 1 && numeric.length === entries.length) return entries;
    for (const [, v] of entries) { const d = findDistribution(v, depth + 1); if (d) return d; }
  }
  return null;
}

function chartSvg(dist) {
  const w = 320, h = 120, pad = 18;
  const max = Math.max(...dist.map(([, p]) => p), 1e-9);
  const bw = (w - 2 * pad) / dist.length;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "dist");
  dist.forEach(([label, p], i) => {
    const bh = (h - 2 * pad) * (p / max);
    const r = document.createElementNS(ns, "rect");
    r.setAttribute("x", pad + i * bw + 1); r.setAttribute("y", h - pad - bh);
    r.setAttribute("width", Math.max(1, bw - 2)); r.setAttribute("height", bh);
    const tip = document.createElementNS(ns, "title"); tip.textContent = `${label}: ${(p * 100).toFixed(2)} %`;
    r.append(tip); svg.append(r);
    if (dist.length <= 16) {
      const tx = document.createElementNS(ns, "text");
      tx.setAttribute("x", pad + i * bw + bw / 2); tx.setAttribute("y", h - 4);
      tx.setAttribute("text-anchor", "middle"); tx.textContent = label.length > 8 ? label.slice(0, 7) + "…" : label;
      svg.append(tx);
      const pv = document.createElementNS(ns, "text");
      pv.setAttribute("x", pad + i * bw + bw / 2); pv.setAttribute("y", h - pad - bh - 3);
      pv.setAttribute("text-anchor", "middle"); pv.textContent = `${Math.round(p * 100)}%`;
      svg.append(pv);
    }
  });
  return svg;
}

function resultView(result, text) {
  const box = el("div");
  if (result === null || result === undefined) { box.append(el("pre", {}, text || "")); return box; }
  const table = el("table", {class: "kv"});
  const add = (key, value) => {
    let shown = value;
    if (typeof value === "number") shown = Number.isInteger(value) ? String(value) : value.toFixed(4);
    else if (typeof value === "boolean") shown = t(value ? "word_yes" : "word_no");
    else if (value === null) shown = "—";
    else if (Array.isArray(value) && value.every((x) => typeof x === "number")) {
      shown = value.map((x) => (Number.isInteger(x) ? String(x) : x.toFixed(4))).join(", ");
    } else if (typeof value === "object") shown = JSON.stringify(value);
    table.append(el("tr", {}, el("th", {}, key), el("td", {}, String(shown))));
  };
  for (const [k, v] of Object.entries(result)) {
    if (v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length <= 40) {
      for (const [k2, v2] of Object.entries(v)) add(`${k}.${k2}`, v2);
    } else add(k, v);
  }
  const dist = findDistribution(result);
  if (dist) box.append(el("figure", {class: "dist-box"}, chartSvg(dist), el("figcaption", {}, t("distribution"))));
  box.append(table);
  return box;
}

function renderHandouts() {
  const box = $("handouts");
  box.replaceChildren();
  for (const game of state.catalogue) {
    const sec = el("section", {class: "handout", "data-game": game.id}, el("h3", {}, gameName(game)));
    const lang = state.ui;
    if (game.reference) {
      sec.append(el("p", {}, el("button", {type: "button", class: "dl-reference",
        onclick: () => download(`/api/reference?game=${game.id}&lang=${lang}&paper=${$("opt-paper").value}`, `${game.id}-reference.pdf`)},
        `${t("reference")} (PDF)`)));
    }
    const charts = el("div", {class: "charts"});
    if (!game.charts.length) charts.append(el("span", {class: "hint"}, t("no_charts")));
    for (const name of game.charts) {
      const img = el("img", {alt: name, loading: "lazy"});
      const q = `game=${game.id}&name=${encodeURIComponent(name)}&lang=${lang}`;
      charts.append(el("figure", {},
        el("figcaption", {}, el("code", {}, name), " ",
          el("button", {type: "button", onclick: () => { img.src = `/api/chart?${q}&format=png&dpi=72`; }}, t("show")), " ",
          el("button", {type: "button", onclick: () => download(`/api/chart?${q}&format=pdf`, `${game.id}-${name}.pdf`)}, "PDF"), " ",
          el("button", {type: "button", onclick: () => download(`/api/chart?${q}&format=png`, `${game.id}-${name}.png`)}, "PNG")),
        img));
    }
    sec.append(el("h4", {}, t("charts")), charts);
    box.append(sec);
  }
}

// ---- wiring ------------------------------------------------------------------------------
function showView(name) {
  for (const b of document.querySelectorAll("nav [data-view]")) b.classList.toggle("active", b.dataset.view === name);
  for (const v of document.querySelectorAll(".view")) v.classList.toggle("active", v.id === `view-${name}`);
}

async function init() {
  const stored = localStorage.getItem("sheets-ui-lang");
  state.ui = stored === "ru" || (!stored && (navigator.language || "").startsWith("ru")) ? "ru" : "en";
  $("ui-lang").value = state.ui;
  $("opt-lang").value = state.ui;
  try {
    const r = await fetch("/api/catalogue");
    state.catalogue = await r.json();
  } catch (e) { state.catalogue = []; }
  applyLabels();

  $("ui-lang").addEventListener("change", () => {
    state.ui = $("ui-lang").value;
    localStorage.setItem("sheets-ui-lang", state.ui);
    if (!state.printLangTouched) { $("opt-lang").value = state.ui; schedule(0); }
    applyLabels();
  });
  $("opt-lang").addEventListener("change", () => { state.printLangTouched = true; });
  for (const node of document.querySelectorAll("nav [data-view]")) node.addEventListener("click", () => showView(node.dataset.view));
  $("file-input").addEventListener("change", (e) => { addFiles(e.target.files); e.target.value = ""; });
  const drop = document.body;
  drop.addEventListener("dragover", (e) => { e.preventDefault(); $("drop").classList.add("over"); });
  drop.addEventListener("dragleave", () => $("drop").classList.remove("over"));
  drop.addEventListener("drop", (e) => { e.preventDefault(); $("drop").classList.remove("over"); addFiles(e.dataTransfer.files); });
  $("new-game").addEventListener("change", renderKinds);
  $("new-start").addEventListener("click", startNew);
  $("calc-game").addEventListener("change", renderCalculators);
  const editor = $("editor");
  editor.addEventListener("input", () => {
    if (!state.files.length && editor.value) {  // typed or pasted with no file open
      state.files.push({name: uniqueName(NEW_NAME), text: editor.value});
      state.active = 0;
      renderFiles();
    }
    const f = state.files[state.active];
    if (f && f.text !== undefined) f.text = editor.value;
    renderGutter();
    schedule();
  });
  editor.addEventListener("scroll", syncScroll);
  editor.addEventListener("keydown", (e) => {
    if (e.key === "Tab") { e.preventDefault(); document.execCommand("insertText", false, "  "); }
  });
  for (const id of ["opt-lang", "opt-paper", "opt-mono"]) $(id).addEventListener("change", () => schedule(0));
  $("game-options").addEventListener("change", () => schedule(0));
  $("dl-pdf").addEventListener("click", () => postFiles("/api/render", "sheets.pdf"));
  $("dl-pngs").addEventListener("click", () => postFiles("/api/pngs", "sheets-png.zip"));
  $("dl-yaml").addEventListener("click", () => {
    const f = state.files[state.active];
    if (f) saveBlob(new Blob([f.text !== undefined ? f.text : f.bytes]), f.name);
  });
  for (const b of document.querySelectorAll(".dl-roster")) {
    b.addEventListener("click", () => postFiles(`/api/roster?format=${b.dataset.format}`, `roster.${b.dataset.format}`));
  }
  renderFiles();
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", init);
