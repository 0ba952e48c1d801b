// The `sheets serve` page: plain JavaScript over the vendored CodeMirror 6 (window.CM) and `yaml`
// (window.YAML); no build step, no network but this server. Documents live in the page (opened,
// dropped, started, picked from the library) and in the browser's storage; every edit is
// checked and previewed through the server's API (/api/check, /api/preview, /api/render).
"use strict";

const INITIAL = JSON.parse(document.getElementById("words").textContent);
const PREVIEW_DPI = 96;
const PREVIEW_FORMAT = "jpeg";  // the preview's pictures: JPEG encodes a sheet ~6× faster than PNG
const MAX_PREVIEW_PAGES = 30;  // pages previewed (the downloads have them all)
const NEW_NAME = "untitled.yaml";  // a file typed or pasted into the empty editor
const TEXT_SUFFIXES = [".yaml", ".yml", ".blk", ".mul", ".ros"];
const STORE_KEY = "sheets-documents-v1";
const STORE_MAX = 4 * 1024 * 1024;  // characters kept in the browser's storage
const HEARTBEAT_MS = 800;  // the server is asked whether it is there (the page says so within 2 s)
const MAX_CONCURRENT = 2;  // check+preview rounds under way at once (the server has two workers)

const state = {
  ui: "en",
  words: INITIAL.words,
  plurals: INITIAL.plurals,
  docs: [],           // {id, name, text | bytes (Uint8Array), saved, view: "yaml"|"form", note, cm (EditorState)}
  active: -1,
  game: null,         // the game of the opened files (from the check)
  games: [],          // the catalogue: games with their options, charts, starters, calculators
  problems: [],
  units: 0,
  generation: 0,      // the newest check+preview round started
  shownCheck: 0,      // the newest round whose problems are shown
  shownPreview: 0,    // the newest round whose page 1 is shown
  pages: 0,
  printLangTouched: false,
  schemas: new Map(), // "game lang" → schema
  serverDown: false,
  library: null,
  unitList: [],
};

// performance marks, read by benchmarks/serve_latency.py: each keystroke's time to the preview
// that shows it, when previews were shown, and the browser's own timing of input events
const perf = {latencies: [], keystrokes: [], settled: [], events: []};
window.sheetsPerf = perf;
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (["keydown", "keypress", "keyup", "beforeinput", "input"].includes(e.name)) perf.events.push([e.name, e.duration, e.processingEnd - e.processingStart]);
    }
  }).observe({type: "event", durationThreshold: 16, buffered: true});
} catch (e) { /* a browser without the Event Timing API */ }

const $ = (id) => document.getElementById(id);

function t(key, vars) {
  let text = state.words[key];
  if (text === undefined) text = key;
  if (vars) text = text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
  return text;
}

function tn(key, n) {
  const forms = state.plurals[key] || {};
  const cat = new Intl.PluralRules(state.ui).select(n);
  return (forms[cat] || forms.other || forms.many || `{n}`).replace("{n}", String(n));
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function url(path, params = {}) {
  const q = new URLSearchParams(params);
  q.set("ui", state.ui);
  return `${path}${path.includes("?") ? "&" : "?"}${q}`;
}

// every request goes through here: a network failure marks the server as gone
async function api(path, init = {}) {
  try {
    const r = await fetch(path, init);
    if (state.serverDown) serverBack();
    return r;
  } catch (e) {
    if (!(init.signal && init.signal.aborted)) serverGone();
    throw e;
  }
}

// ---- words -------------------------------------------------------------------------------
async function loadCatalogue() {
  try {
    const r = await api(url("/api/catalogue", {lang: state.ui}));
    const data = await r.json();
    state.words = data.words; state.plurals = data.plurals; state.games = data.games;
  } catch (e) { /* the server is gone: the page keeps its words */ }
}

function applyWords() {
  document.documentElement.lang = state.ui;
  document.title = t("app_title");
  for (const node of document.querySelectorAll("[data-w]")) node.textContent = t(node.dataset.w);
  for (const node of document.querySelectorAll("[data-wl]")) node.setAttribute("aria-label", t(node.dataset.wl));
  for (const b of document.querySelectorAll(".dl-roster")) b.setAttribute("aria-label", t("roster_format", {format: b.dataset.format}));
  if (state.view) state.view.dispatch({effects: state.labelled.reconfigure(editorLabel())});
  renderGameSelects();
  renderGameOptions();
  renderCalculators();
  renderHandouts();
  renderTabs();
  renderProblems();
  renderStatus();
  if (state.serverDown) $("server-down").textContent = t("server_down");
  if (activeDoc() && activeDoc().view === "form") renderForm();
}

function gameName(game) {
  return (game.name && (game.name[state.ui] || game.name.en)) || game.id;
}

function gameById(id) { return state.games.find((g) => g.id === id); }

// ---- documents -----------------------------------------------------------------------------
let nextId = 1;
function activeDoc() { return state.docs[state.active]; }
function isText(name) { const lower = name.toLowerCase(); return TEXT_SUFFIXES.some((s) => lower.endsWith(s)); }

function uniqueName(base) {
  let name = base, n = 2;
  while (state.docs.some((f) => f.name === name)) name = base.replace(/(\.\w+)?$/, (m) => `-${n++}${m}`);
  return name;
}

function addDoc(doc, activate = true) {
  const same = state.docs.findIndex((f) => f.name === doc.name);
  doc.id = doc.id || nextId++;
  doc.view = doc.view || "yaml";
  if (doc.saved === undefined) doc.saved = doc.text;
  if (same >= 0) state.docs[same] = doc; else state.docs.push(doc);
  if (activate) state.active = same >= 0 ? same : state.docs.length - 1;
}

async function addFiles(list) {
  const files = Array.from(list);
  const read = await Promise.all(files.map(async (file) => ({name: file.name, bytes: new Uint8Array(await file.arrayBuffer())})));
  const texts = read.filter((f) => isText(f.name));
  let decoded = new Map();
  if (texts.length) {
    for (const f of texts) {  // UTF-8 first, in the page; anything else as the command line decodes it
      try { decoded.set(f.name, {text: new TextDecoder("utf-8", {fatal: true}).decode(f.bytes).replace(/^\uFEFF/, ""), note: null}); } catch (e) { /* below */ }
    }
    const rest = texts.filter((f) => !decoded.has(f.name) || f.bytes[0] === 0xff || f.bytes[0] === 0xfe);
    if (rest.length) {
      const fd = new FormData();
      for (const f of rest) fd.append("files", new Blob([f.bytes]), f.name);
      try {
        const r = await api(url("/api/decode"), {method: "POST", body: fd});
        const data = await r.json();
        for (const d of data.files || []) {
          if (d.text !== null) decoded.set(d.name, {text: d.text, note: d.encoding !== "UTF-8" ? t("decoded_note", {encoding: d.encoding}) : null});
        }
      } catch (e) { /* kept as bytes */ }
    }
  }
  for (const f of read) {
    const d = decoded.get(f.name);
    if (d) addDoc({name: f.name, text: d.text, saved: d.note ? null : d.text, note: d.note});
    else addDoc({name: f.name, bytes: f.bytes});
  }
  afterDocsChanged();
}

function afterDocsChanged() {
  renderTabs();
  showDoc();
  persist();
  schedule(0);
}

async function startNew() {
  const game = $("new-game").value, kind = $("new-kind").value;
  if (kind === "") {  // an empty document, built in the form
    addDoc({name: uniqueName(`${game}-new.yaml`), text: `system: ${game}\nunits: []\n`, saved: null, view: "form"});
    afterDocsChanged();
    return;
  }
  const r = await api(url("/api/starter", {game, kind, lang: state.ui}));
  const data = await r.json();
  if (!r.ok) { showError(data.error); return; }
  addDoc({name: uniqueName(`${game}-${kind || "new"}.yaml`), text: data.text, saved: null});
  afterDocsChanged();
}

function unsaved(doc) { return doc.text !== undefined && doc.text !== doc.saved; }

function closeDoc(i) {
  const doc = state.docs[i];
  if (unsaved(doc) && !window.confirm(t("unsaved_close", {name: doc.name}))) return;
  state.docs.splice(i, 1);
  state.active = Math.min(state.active, state.docs.length - 1);
  afterDocsChanged();
  const tab = document.querySelector("#file-tabs [role=tab][aria-selected=true]");
  (tab || $("file-input")).focus();
}

function renderTabs() {
  const tabs = $("file-tabs");
  const hadFocus = tabs.contains(document.activeElement);
  tabs.replaceChildren();
  state.docs.forEach((f, i) => {
    const count = state.problems.filter((p) => p.file === f.name && p.severity !== "warning").length;
    const selected = i === state.active;
    const tab = el("button", {type: "button", role: "tab", class: "name", id: `doc-tab-${f.id}`, "aria-selected": selected ? "true" : "false",
      "aria-controls": "doc-panel", tabindex: selected ? "0" : "-1", "data-index": i,
      onclick: () => activate(i), onkeydown: (e) => tabKeys(e, i)}, el("span", {class: "tab-name"}, f.name + (unsaved(f) ? " •" : "")));
    // the ×: a mouse target inside the tab (the keyboard closes a tab with Delete, or with the
    // close button beside the tabs)
    tab.append(el("span", {class: "close", "aria-hidden": "true", title: t("close_named", {name: f.name}),
      onclick: (e) => { e.stopPropagation(); closeDoc(i); }}, "×"));
    tab.classList.add("file-tab");
    if (selected) tab.classList.add("active");
    if (count) tab.classList.add("has-errors");
    tabs.append(tab);
  });
  if (hadFocus) { const sel = tabs.querySelector("[aria-selected=true]"); if (sel) sel.focus(); }
  const close = $("close-doc");
  close.hidden = !activeDoc();
  if (activeDoc()) close.setAttribute("aria-label", t("close_named", {name: activeDoc().name}));
  $("doc-panel").setAttribute("aria-labelledby", activeDoc() ? `doc-tab-${activeDoc().id}` : "");
  if (!activeDoc()) $("doc-panel").removeAttribute("aria-labelledby");
}

function tabKeys(e, i) {
  const n = state.docs.length;
  let to = null;
  if (e.key === "ArrowRight") to = (i + 1) % n;
  else if (e.key === "ArrowLeft") to = (i - 1 + n) % n;
  else if (e.key === "Home") to = 0;
  else if (e.key === "End") to = n - 1;
  else if (e.key === "Delete") { closeDoc(i); e.preventDefault(); return; }
  if (to === null) return;
  e.preventDefault();
  activate(to);
  document.querySelector(`#file-tabs [data-index='${to}']`).focus();  // roving focus
}

function activate(i) {
  saveEditorState();
  state.active = i;
  renderTabs();
  showDoc();
  persist();
}

// ---- the editor (CodeMirror 6) -------------------------------------------------------------
function editorLabel() {
  return CM.EditorView.contentAttributes.of({"aria-label": t("editor_label")});
}

function extensions() {
  return [
    CM.lineNumbers(), CM.highlightActiveLineGutter(), CM.highlightSpecialChars(), CM.history(),
    CM.drawSelection(), CM.indentOnInput(), CM.syntaxHighlighting(CM.defaultHighlightStyle, {fallback: true}),
    CM.bracketMatching(), CM.highlightActiveLine(), CM.highlightSelectionMatches(), CM.lintGutter(),
    CM.keymap.of([...CM.defaultKeymap, ...CM.searchKeymap, ...CM.historyKeymap, ...CM.lintKeymap, CM.indentWithTab]),
    CM.indentUnit.of("  "), CM.EditorState.tabSize.of(2), CM.yaml(),
    state.labelled.of(editorLabel()),
    CM.EditorView.cspNonce.of(document.querySelector("meta[name=style-nonce]").content),
    CM.EditorView.updateListener.of((u) => { if (u.docChanged && !u.transactions.some((tr) => tr.annotation(fromForm))) textEdited(u.state); }),
  ];
}

const fromForm = CM.Annotation.define();

function makeState(text) {
  return CM.EditorState.create({doc: text, extensions: extensions()});
}

function setupEditor() {
  state.labelled = new CM.Compartment();
  state.view = new CM.EditorView({state: makeState(""), parent: $("editor-box")});
}

function saveEditorState() {
  const doc = activeDoc();
  if (doc && doc.text !== undefined) doc.cm = state.view.state;
}

function showDoc() {
  const doc = activeDoc();
  $("no-files").hidden = state.docs.length > 0;
  $("binary-note").hidden = !doc || doc.text !== undefined;
  $("view-switch").hidden = !doc || doc.text === undefined;
  $("file-note").hidden = !(doc && doc.note);
  $("file-note").textContent = doc && doc.note ? doc.note : "";
  const text = !doc || doc.text !== undefined;
  if (text) {
    const content = doc ? doc.text : "";
    if (!doc || !doc.cm || doc.cm.doc.toString() !== content) { if (doc) doc.cm = makeState(content); else state.view.setState(makeState("")); }
    if (doc) state.view.setState(doc.cm);
  }
  const form = !!doc && doc.text !== undefined && doc.view === "form";
  $("editor-box").hidden = !text || form;
  $("form-box").hidden = !form;
  $("show-yaml").setAttribute("aria-pressed", form ? "false" : "true");
  $("show-form").setAttribute("aria-pressed", form ? "true" : "false");
  markEditor();
  if (form) renderForm();
}

function textEdited(cmState) {
  let doc = activeDoc();
  if (!doc) {  // typed or pasted with no file open
    addDoc({name: uniqueName(NEW_NAME), text: "", saved: ""});
    doc = activeDoc();
    renderTabs();
    $("no-files").hidden = true;
    $("view-switch").hidden = false;
  }
  doc.text = cmState.doc.toString();
  doc.cm = cmState;
  doc.yaml = null;
  keystroke();
}

function setDocText(doc, text, structural) {
  // the form changed the document: the editor gets the smallest change (its undo history too)
  doc.text = text;
  const old = doc.cm ? doc.cm.doc.toString() : "";
  let a = 0;
  while (a < old.length && a < text.length && old[a] === text[a]) a++;
  let b = 0;
  while (b < old.length - a && b < text.length - a && old[old.length - 1 - b] === text[text.length - 1 - b]) b++;
  const change = {from: a, to: old.length - b, insert: text.slice(a, text.length - b)};
  if (doc === activeDoc()) {
    state.view.dispatch({changes: change, annotations: fromForm.of(true)});
    doc.cm = state.view.state;
  } else if (doc.cm) doc.cm = doc.cm.update({changes: change, annotations: fromForm.of(true)}).state;
  keystroke();
  if (structural) renderForm();
}

function markEditor() {
  const doc = activeDoc();
  if (!doc || doc.text === undefined) return;
  const cmDoc = state.view.state.doc;
  const diags = [];
  for (const p of state.problems) {
    if (p.file !== doc.name || !p.line || p.line > cmDoc.lines) continue;
    const line = cmDoc.line(p.line);
    const from = Math.min(line.to, line.from + Math.max(0, (p.column || 1) - 1));
    diags.push({from, to: Math.max(from, line.to), severity: p.severity === "warning" ? "warning" : "error", message: p.message});
  }
  state.view.dispatch(CM.setDiagnostics(state.view.state, diags));
}

function goToProblem(p) {
  const i = state.docs.findIndex((f) => f.name === p.file);
  if (i < 0 || state.docs[i].text === undefined) return;
  if (i !== state.active) activate(i);
  const doc = activeDoc();
  if (doc.view === "form") {
    const path = problemPath(doc, p);
    const target = path && findFormField(path);
    if (target) { target.scrollIntoView({block: "center"}); target.focus(); return; }
  }
  const cmDoc = state.view.state.doc;
  if (!p.line || p.line > cmDoc.lines) { state.view.focus(); return; }
  const line = cmDoc.line(p.line);
  const pos = Math.min(line.to, line.from + Math.max(0, (p.column || 1) - 1));
  state.view.dispatch({selection: {anchor: pos}, scrollIntoView: true});
  state.view.focus();
}

// ---- the form view -------------------------------------------------------------------------
function yamlDoc(doc) {
  if (!doc.yaml || doc.yamlText !== doc.text) {
    doc.yaml = YAML.parseDocument(doc.text, {keepSourceTokens: false});
    doc.yamlText = doc.text;
  }
  return doc.yaml;
}

function docGame(doc) {
  try {
    const value = yamlDoc(doc).get("system");
    if (typeof value === "string" && gameById(value.trim().toLowerCase())) return value.trim().toLowerCase();
  } catch (e) { /* below */ }
  return state.game;
}

async function schemaOf(game) {
  const k = `${game} ${state.ui}`;
  if (!state.schemas.has(k)) {
    const r = await api(url("/api/schema", {game}));
    if (!r.ok) return null;
    state.schemas.set(k, (await r.json()).schema);
  }
  return state.schemas.get(k);
}

function problemPath(doc, p) {
  if (!p.line) return null;
  const lines = doc.text.split("\n");
  let at = 0;
  for (let n = 0; n < p.line - 1 && n < lines.length; n++) at += lines[n].length + 1;
  at += Math.max(0, (p.column || 1) - 1);
  return SheetsForm.pathAt(yamlDoc(doc), at);
}

function findFormField(path) {
  const box = $("form-box");
  for (let n = path.length; n >= 0; n--) {
    const k = SheetsForm.key(path.slice(0, n));
    const node = box.querySelector(`input[data-path='${CSS.escape(k)}'], select[data-path='${CSS.escape(k)}']`)
      || box.querySelector(`[data-path='${CSS.escape(k)}'] input, [data-path='${CSS.escape(k)}'] select, [data-path='${CSS.escape(k)}'] button`);
    if (node) return node;
  }
  return null;
}

let formRender = 0;
async function renderForm() {
  const doc = activeDoc();
  const box = $("form-box");
  if (!doc || doc.text === undefined || doc.view !== "form") return;
  const mine = ++formRender;
  const game = docGame(doc);
  const ydoc = yamlDoc(doc);
  if (!game) { box.replaceChildren(el("p", {class: "hint"}, t("no_files"))); return; }
  if (ydoc.errors.length) { box.replaceChildren(el("p", {class: "hint", role: "alert"}, t("form_unparsed"))); return; }
  const schema = await schemaOf(game);
  if (mine !== formRender || !schema) return;
  const problems = new Map();  // marked after the build (markForm), as after every check
  const edit = (fn, structural) => {
    const d = yamlDoc(doc);
    SheetsForm.ensureRoot(d);
    fn(d);
    const text = d.toString({lineWidth: 0});
    doc.yamlText = text;  // the same Document stays the form's (its comments and order kept)
    setDocText(doc, text, structural);
  };
  const seqAt = (d, path) => {
    let seq = d.getIn(path, true);
    if (!YAML.isSeq(seq)) { d.setIn(path, d.createNode([])); seq = d.getIn(path, true); }
    return seq;
  };
  SheetsForm.render(box, {
    root: schema, doc: ydoc, t, problems,
    edit: (path, value, structural) => {
      // a value replacing a value: only its characters change (every other byte of the text,
      // spacing and comments included, stays as the player wrote it)
      const spliced = !structural && spliceScalar(doc, path, value);
      if (spliced !== null && spliced !== false) { setDocText(doc, spliced, false); return; }
      edit((d) => SheetsForm.setValue(d, path, value), structural);
    },
    add: (path, value) => edit((d) => { seqAt(d, path).items.push(d.createNode(value)); }, true),
    remove: (path, i) => edit((d) => { seqAt(d, path).items.splice(i, 1); }, true),
    duplicate: (path, i) => edit((d) => { const s = seqAt(d, path); s.items.splice(i + 1, 0, s.items[i].clone()); }, true),
    move: (path, i, j) => edit((d) => { const s = seqAt(d, path); const [x] = s.items.splice(i, 1); s.items.splice(j, 0, x); }, true),
  });
  markForm();
}

// the live check's problems marked on the form's fields, in place (the form is not rebuilt while
// the player types in it)
function formProblems(doc) {
  const problems = new Map();
  for (const p of state.problems) {
    if (p.file !== doc.name) continue;
    const path = problemPath(doc, p);
    if (!path) continue;
    const k = SheetsForm.key(path);
    if (!problems.has(k)) problems.set(k, []);
    problems.get(k).push(p.message);
  }
  return problems;
}

function markForm() {
  const doc = activeDoc();
  const box = $("form-box");
  if (!doc || doc.view !== "form" || !box.querySelector(".schema-form")) return;
  for (const n of box.querySelectorAll(".field-problem")) n.remove();
  for (const n of box.querySelectorAll(".invalid")) n.classList.remove("invalid");
  for (const n of box.querySelectorAll("[aria-invalid]")) n.removeAttribute("aria-invalid");
  for (const n of box.querySelectorAll("[data-problem-for]")) {
    const ids = (n.getAttribute("aria-describedby") || "").split(" ").filter((x) => x && !x.startsWith("fp-"));
    if (ids.length) n.setAttribute("aria-describedby", ids.join(" ")); else n.removeAttribute("aria-describedby");
    n.removeAttribute("data-problem-for");
  }
  let n = 0;
  for (const [k, messages] of formProblems(doc)) {
    const path = JSON.parse(k);
    let holder = null, control = null;
    for (let len = path.length; len >= 0 && !holder; len--) {
      const pk = CSS.escape(SheetsForm.key(path.slice(0, len)));
      holder = box.querySelector(`[data-field='${pk}']`) || box.querySelector(`fieldset[data-path='${pk}']`);
      if (holder) control = holder.matches("fieldset") ? holder : holder.querySelector("input, select");
    }
    if (!holder) holder = box.querySelector(".schema-form");
    const id = `fp-${++n}`;
    holder.classList.add("invalid");
    holder.append(el("p", {class: "field-problem", id}, messages.map((m) => t("field_problem", {message: m})).join(" ")));
    if (control) {
      if (!control.matches("fieldset")) control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-describedby", `${control.getAttribute("aria-describedby") || ""} ${id}`.trim());
      control.setAttribute("data-problem-for", "1");
    }
  }
}

const PLAIN = /^[\p{L}\p{N}_][\p{L}\p{N}_ .\-/+()']*$/u;

function scalarSource(value, old) {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value !== "string") return null;
  const quoted = old && (old.type === "QUOTE_DOUBLE" || old.type === "QUOTE_SINGLE");
  // a plain word stays plain unless YAML would read it as something else (a number, true, null…)
  const reread = YAML.parse(value === "" ? "''" : value);
  if (!quoted && value !== "" && PLAIN.test(value) && !/\s$/.test(value) && reread === value) return value;
  return JSON.stringify(value);
}

function spliceScalar(doc, path, value) {
  if (value === undefined || value === null || typeof value === "object") return null;
  const d = yamlDoc(doc);
  if (d.errors.length) return null;
  const node = d.getIn(path, true);
  if (!YAML.isScalar(node) || !node.range || node.type === "BLOCK_LITERAL" || node.type === "BLOCK_FOLDED") return null;
  const src = scalarSource(value, node);
  if (src === null) return null;
  const [start, end] = node.range;
  return doc.text.slice(0, start) + src + doc.text.slice(end);
}

function setView(view) {
  const doc = activeDoc();
  if (!doc || doc.text === undefined) return;
  saveEditorState();
  doc.view = view;
  showDoc();
  persist();
}

// ---- storage: edits survive a reload or a closed tab ---------------------------------------
function b64(bytes) { let s = ""; for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000)); return btoa(s); }
function unb64(text) { const s = atob(text); const out = new Uint8Array(s.length); for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i); return out; }

let persistTimer = null;
function persist(now = false) {
  clearTimeout(persistTimer);
  if (!now) { persistTimer = setTimeout(() => persist(true), 250); return; }
  const docs = state.docs.map((d) => (d.text !== undefined
    ? {name: d.name, text: d.text, saved: d.saved, view: d.view, note: d.note}
    : {name: d.name, bytes: b64(d.bytes)}));
  const data = JSON.stringify({docs, active: state.active});
  try {
    if (data.length <= STORE_MAX) localStorage.setItem(STORE_KEY, data);
    else localStorage.setItem(STORE_KEY, JSON.stringify({docs: docs.filter((d) => d.text !== undefined && d.text.length < STORE_MAX / 4), active: 0}));
  } catch (e) { /* storage full or off: the page still works */ }
}

function restore() {
  let data;
  try { data = JSON.parse(localStorage.getItem(STORE_KEY) || "null"); } catch (e) { data = null; }
  if (!data || !Array.isArray(data.docs)) return;
  for (const d of data.docs) {
    if (typeof d.name !== "string") continue;
    if (typeof d.text === "string") addDoc({name: d.name, text: d.text, saved: d.saved ?? null, view: d.view === "form" ? "form" : "yaml", note: d.note || null}, false);
    else if (typeof d.bytes === "string") addDoc({name: d.name, bytes: unb64(d.bytes)}, false);
  }
  state.active = Math.min(Math.max(0, data.active | 0), state.docs.length - 1);
}

// ---- check and preview ---------------------------------------------------------------------
let timer = null;
let running = 0, pending = false;
let serverMs = 120;  // a moving average of a round's time at the server (adapts the pause)

function keystroke() {
  const now = performance.now();
  performance.mark("sheets:keystroke");
  perf.keystrokes.push(now);
  persist();
  renderTabsSoon();
  schedule();
}

let tabsTimer = null;
function renderTabsSoon() { clearTimeout(tabsTimer); tabsTimer = setTimeout(renderTabs, 150); }

// the pause before a round: short when the server answers fast, longer (more keystrokes in
// one round) when it is slow
// (a document whose round takes over half a second waits for the typing to pause, one round at a
// time, so that the round after the last key does not queue behind the ones before it)
const HEAVY_MS = 500;
function pause() { return serverMs > HEAVY_MS ? 300 : Math.round(Math.min(200, Math.max(10, serverMs * 0.25))); }

function schedule(delay) {
  clearTimeout(timer);
  timer = setTimeout(kick, delay === undefined ? pause() : delay);
}

function kick() {
  if (running >= (serverMs > HEAVY_MS ? 1 : MAX_CONCURRENT)) { pending = true; return; }
  running++;
  update().finally(() => { running--; if (pending) { pending = false; schedule(0); } });
}

function optionQuery(extra = {}) {
  const q = {lang: $("opt-lang").value, paper: $("opt-paper").value};
  if ($("opt-mono").checked) q.mono = "1";
  for (const input of document.querySelectorAll("#game-options [data-option]")) {
    const name = input.dataset.option;
    if (input.type === "checkbox") { if (input.checked !== (input.dataset.default === "1")) q[name] = input.checked ? "1" : "0"; }
    else if (input.value !== "" && input.value !== input.dataset.default) q[name] = input.value;
  }
  return {...q, ...extra};
}

function formData() {
  const fd = new FormData();
  for (const f of state.docs) {
    const blob = f.text !== undefined ? new Blob([f.text], {type: "text/plain"}) : new Blob([f.bytes]);
    fd.append("files", blob, f.name);
  }
  return fd;
}

async function update() {
  const gen = ++state.generation;
  const since = performance.now();
  if (!state.docs.length) {
    state.problems = []; state.game = null; state.pages = 0; state.units = 0;
    renderProblems(); renderGameOptions(); $("pages").replaceChildren(); $("page-count").textContent = ""; renderStatus();
    return;
  }
  const query = optionQuery();
  setStatus(t("checking"));
  const t0 = performance.now();
  let data;
  try {
    // one job per round: the problems and, when nothing is in the way, page 1 of the preview
    const r = await api(url("/api/check", {...query, preview: 1, page: 1, dpi: PREVIEW_DPI, format: PREVIEW_FORMAT}), {method: "POST", body: formData()});
    data = await r.json();
    if (!r.ok) { if (gen === state.generation) { showError(data.error); renderStatus(); } return; }
  } catch (e) { return; }
  if (gen < state.shownCheck) return;
  state.shownCheck = gen;
  const before = state.problems.length;
  state.problems = data.problems;
  state.units = data.written ?? data.units;
  if (data.game !== state.game) { state.game = data.game; renderGameOptions(); }
  renderProblems();
  renderTabs();
  markEditor();
  renderStatus();
  if (activeDoc() && activeDoc().view === "form") markForm();
  if (data.problems.length !== before) announce();
  const errors = data.problems.filter((p) => p.severity !== "warning");
  if (errors.length || !data.preview) {
    $("preview-note").textContent = errors.length ? t("fix_first") : "";
    $("pages").classList.add("stale");
    return;
  }
  $("preview-note").textContent = data.problems.length ? t("list_warnings") : "";
  const pages = data.preview.pages;
  const bytes = unb64(data.preview.image);
  if (gen < state.shownPreview) return;
  await showPage(1, new Blob([bytes], {type: data.preview.type}), pages);
  if (gen < state.shownPreview) return;
  state.shownPreview = gen;
  state.previewQuery = query;
  const shown = performance.now();
  serverMs = 0.7 * serverMs + 0.3 * (shown - t0);
  performance.measure("sheets:preview", {start: since, end: shown});
  // every keystroke this round carried gets its keystroke → preview time
  while (perf.keystrokes.length && perf.keystrokes[0] <= since) perf.latencies.push(shown - perf.keystrokes.shift());
  perf.settled.push(shown);
  state.pages = pages;
  $("page-count").textContent = `(${tn("pages", pages)})`;
  $("pages").classList.remove("stale");
  const box = $("pages");
  const count = Math.min(pages, MAX_PREVIEW_PAGES);
  while (box.children.length > count) box.lastChild.remove();
  for (let page = 2; page <= count; page++) {
    let fig = $(`page-${page}`);
    if (!fig) { fig = el("figure", {id: `page-${page}`, class: "pending"}, el("figcaption", {}, t("page_of", {n: page, total: pages}))); box.append(fig); }
    fig.dataset.wanted = String(gen);
    pageWatcher().observe(fig);
  }
  // the later pages in view are drawn again once the typing pauses (not between keystrokes)
  setTimeout(() => { if (state.shownPreview === gen && state.generation === gen) for (const fig of visiblePages) fetchPage(fig); }, 600);
}

// pages after the first are drawn when they come into view (and again after an edit only then)
const visiblePages = new Set();
let watcher = null;
function pageWatcher() {
  if (!watcher) {
    watcher = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (e.isIntersecting) { visiblePages.add(e.target); fetchPage(e.target); } else visiblePages.delete(e.target);
      }
    }, {rootMargin: "200px"});
  }
  return watcher;
}

async function fetchPage(fig) {
  const page = parseInt(fig.id.replace("page-", ""), 10);
  const wanted = fig.dataset.wanted;
  if (!wanted || fig.dataset.have === wanted || fig.dataset.loading === wanted || String(state.shownPreview) !== wanted) return;
  fig.dataset.loading = wanted;
  try {
    const r = await api(url("/api/preview", {...state.previewQuery, page, dpi: PREVIEW_DPI, format: PREVIEW_FORMAT}), {method: "POST", body: formData()});
    if (!r.ok || String(state.shownPreview) !== wanted) return;
    await showPage(page, await r.blob(), state.pages);
    fig.dataset.have = wanted;
    fig.classList.remove("pending");
  } catch (e) { /* the next round tries again */ } finally { delete fig.dataset.loading; }
}

async function showPage(page, blob, pages) {
  const box = $("pages");
  const src = URL.createObjectURL(blob);
  let fig = $(`page-${page}`);
  const img = new Image();
  img.src = src;
  img.alt = t("page_of", {n: page, total: pages});
  try { await img.decode(); } catch (e) { /* shown anyway */ }
  if (!fig) {
    fig = el("figure", {id: `page-${page}`}, img, el("figcaption", {}, t("page_of", {n: page, total: pages})));
    box.prepend(fig);
  } else {
    const old = fig.querySelector("img");
    if (old) { URL.revokeObjectURL(old.src); old.replaceWith(img); } else fig.prepend(img);
    const cap = fig.querySelector("figcaption");
    if (cap) cap.textContent = t("page_of", {n: page, total: pages}); else fig.append(el("figcaption", {}, t("page_of", {n: page, total: pages})));
  }
}

function setStatus(text) { $("status").dataset.busy = text; }

function renderStatus() {
  const errors = state.problems.filter((p) => p.severity !== "warning").length;
  const warnings = state.problems.length - errors;
  const text = state.docs.length ? t("status_counts", {units: tn("units", state.units || 0), errors: tn("errors", errors), warnings: tn("warnings", warnings)}) : "";
  $("status").textContent = text;
  $("problem-count").textContent = state.problems.length ? `(${state.problems.length})` : "";
}

function announce() {
  const errors = state.problems.filter((p) => p.severity !== "warning").length;
  const warnings = state.problems.length - errors;
  $("announce").textContent = state.problems.length ? `${tn("errors", errors)}, ${tn("warnings", warnings)}` : t("no_problems");
}

function problemText(p) {
  const where = p.line ? `${p.file}:${p.line}:${p.column}` : p.file;
  return `${where}: ${p.severity === "warning" ? t("warning") + ": " : ""}${p.message}`;
}

let shownProblems = null;
function renderProblems() {
  const list = $("problems");
  const key = JSON.stringify([state.ui, state.docs.length > 0, state.problems]);
  if (key === shownProblems) return;  // unchanged: the list (and the focus in it) stays
  shownProblems = key;
  const items = [...list.querySelectorAll("button.problem")];
  const focused = items.indexOf(document.activeElement);
  list.replaceChildren();
  const refocus = () => {
    if (focused < 0) return;
    const again = list.querySelectorAll("button.problem");
    (again[Math.min(focused, again.length - 1)] || $("problems-title")).focus();
  };
  if (!state.docs.length) return;
  if (!state.problems.length) { list.append(el("li", {class: "ok"}, t("no_problems"))); refocus(); return; }
  for (const p of state.problems) {
    const item = el("li", {class: p.severity === "warning" ? "warning" : "error"});
    item.append(el("button", {type: "button", class: "problem", onclick: () => goToProblem(p)}, problemText(p)));
    list.append(item);
  }
  refocus();
}

function showError(message) {
  if (!message) return;
  $("preview-note").textContent = `${t("error")}: ${message}`;
  $("announce").textContent = `${t("error")}: ${message}`;
}

// ---- the server going away -------------------------------------------------------------------
function serverGone() {
  if (state.serverDown) return;
  state.serverDown = true;
  const banner = $("server-down");
  banner.textContent = t("server_down");
  banner.hidden = false;
}

function serverBack() {
  state.serverDown = false;
  $("server-down").hidden = true;
  $("announce").textContent = t("server_back");
  schedule(0);
}

function heartbeat() {
  const ctl = new AbortController();
  const limit = setTimeout(() => { ctl.abort(); serverGone(); }, 1000);
  fetch("/api/ping", {signal: ctl.signal, cache: "no-store"})
    .then((r) => { clearTimeout(limit); if (r.ok && state.serverDown) serverBack(); })
    .catch(() => { clearTimeout(limit); serverGone(); })
    .finally(() => setTimeout(heartbeat, HEARTBEAT_MS));
}

// ---- options of the game -------------------------------------------------------------------
function optionLabel(o) {
  if (o.label) return o.label;
  if (o.help) return o.help.replace(/\.$/, "").split(/[.;(]/)[0];
  return o.name.replace(/[_-]+/g, " ");
}

function choiceOf(c) { return typeof c === "object" && c !== null ? c : {value: String(c), label: String(c)}; }

function renderGameOptions() {
  const box = $("game-options");
  const keep = {};
  for (const i of box.querySelectorAll("[data-option]")) keep[i.dataset.option] = i.type === "checkbox" ? i.checked : i.value;
  box.replaceChildren();
  const game = gameById(state.game);
  if (!game) return;
  const opts = game.options.render || [];
  if (!opts.length) return;
  box.append(el("strong", {class: "full"}, `${t("game_options")} (${gameName(game)})`));
  for (const o of opts) {
    const id = `opt-game-${o.name}`;
    const kind = o.type || o.kind;
    const dflt = o.default === null || o.default === undefined ? "" : String(o.default);
    let input;
    if (kind === "flag") {
      input = el("input", {type: "checkbox", id, "data-option": o.name, "data-default": o.default ? "1" : "0"});
      input.checked = !!o.default;
      if (o.name in keep) input.checked = keep[o.name];
      box.append(el("label", {class: "check", title: o.help || null}, input, " ", optionLabel(o)));
      continue;
    }
    if (kind === "choice") {
      input = el("select", {id, "data-option": o.name, "data-default": dflt});
      if (dflt === "") input.append(el("option", {value: ""}, `(${t("default_value")})`));
      for (const c0 of o.choice_labels || o.choices || []) {
        const c = choiceOf(c0);
        input.append(el("option", {value: c.value}, c.value === dflt ? `${c.label} (${t("default_value")})` : c.label));
      }
      input.value = dflt;
    } else {
      input = el("input", {id, "data-option": o.name, "data-default": dflt, type: kind === "int" || kind === "float" ? "number" : "text",
        step: kind === "float" ? "any" : null, min: o.min ?? null, max: o.max ?? null, placeholder: dflt || null});
    }
    if (o.name in keep) input.value = keep[o.name];
    box.append(el("label", {title: o.help || null}, el("span", {}, optionLabel(o)), input));
  }
}

// ---- downloads -----------------------------------------------------------------------------
function filenameOf(response, fallback) {
  const cd = response.headers.get("Content-Disposition") || "";
  const star = cd.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) return decodeURIComponent(star[1]);
  const plain = cd.match(/filename="([^"]+)"/i);
  return plain ? plain[1] : fallback;
}

function saveBlob(blob, name) {
  const href = URL.createObjectURL(blob);
  const a = el("a", {href, download: name});
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60000);
}

async function download(path, fallback, init = {}) {
  let r;
  try { r = await api(path, init); } catch (e) { return; }
  if (!r.ok) {
    const data = await r.json().catch(() => ({}));
    showError(data.error || (data.problems ? data.problems.map((p) => p.message).join("; ") : r.statusText));
    return;
  }
  saveBlob(await r.blob(), filenameOf(r, fallback));
}

function postFiles(path, fallback, extra = {}) {
  if (!state.docs.length) return;
  download(url(path, optionQuery(extra)), fallback, {method: "POST", body: formData()});
}

function downloadYaml() {
  const doc = activeDoc();
  if (!doc) return;
  saveBlob(new Blob([doc.text !== undefined ? doc.text : doc.bytes], {type: "application/octet-stream"}), doc.name);
  if (doc.text !== undefined) { doc.saved = doc.text; renderTabs(); persist(); }
}

// ---- starters ------------------------------------------------------------------------------
function renderGameSelects() {
  for (const id of ["new-game", "calc-game"]) {
    const sel = $(id);
    const keep = sel.value;
    sel.replaceChildren();
    for (const g of state.games) {
      if (id === "calc-game" && !g.calculators.length) continue;
      sel.append(el("option", {value: g.id}, gameName(g)));
    }
    if (keep) sel.value = keep;
    if (!sel.value && sel.options.length) sel.value = sel.options[0].value;
  }
  renderKinds();
}

function renderKinds() {
  const game = gameById($("new-game").value);
  const sel = $("new-kind");
  const keep = sel.value;
  sel.replaceChildren(el("option", {value: ""}, t("kind_empty")));
  for (const k of game ? game.starters : []) sel.append(el("option", {value: k}, t("starter_of", {kind: k})));
  sel.value = keep && [...sel.options].some((o) => o.value === keep) ? keep : (game && game.starters.length ? game.starters[0] : "");
}

// ---- the library -----------------------------------------------------------------------------
const picked = [];  // {id, name, document, pilot: {…}}

async function openLibrary() {
  const dlg = $("library");
  if (!state.library) {
    try { const r = await api(url("/api/library")); state.library = await r.json(); } catch (e) { return; }
  }
  renderLibrary();
  dlg.showModal();
  ($("library-search").offsetParent ? $("library-search") : $("library-close")).focus();
}

function renderLibrary() {
  const lib = state.library || {units: [], samples: [], folder: false};
  $("library-none").hidden = !!lib.folder;
  $("library-pick").hidden = !lib.folder;
  const head = $("library-table").tHead;
  head.replaceChildren(el("tr", {}, el("th", {scope: "col"}, el("span", {class: "visually-hidden"}, t("library_pick", {name: ""}))),
    ...["col_name", "col_game", "col_file", "col_tons", "col_bv"].map((k) => el("th", {scope: "col"}, t(k)))));
  renderLibraryRows();
  renderPicked();
  const samples = $("library-samples");
  samples.replaceChildren();
  for (const s of lib.samples || []) {
    const game = gameById(s.game);
    samples.append(el("li", {}, el("button", {type: "button", onclick: () => openSample(s)}, t("open_sample")), " ",
      `${s.name} — ${game ? gameName(game) : s.game}`));
  }
  for (const g of state.games) {
    for (const kind of g.starters) {
      samples.append(el("li", {}, el("button", {type: "button", onclick: () => { $("new-game").value = g.id; renderKinds(); $("new-kind").value = kind; $("library").close(); startNew(); }}, t("open_sample")), " ",
        `${t("starter_of", {kind})} — ${gameName(g)}`));
    }
  }
}

function renderLibraryRows() {
  const lib = state.library || {units: []};
  const query = $("library-search").value.trim().toLowerCase();
  const body = $("library-table").tBodies[0];
  body.replaceChildren();
  for (const u of lib.units) {
    if (query && !`${u.name} ${u.file}`.toLowerCase().includes(query)) continue;
    const box = el("input", {type: "checkbox", "aria-label": t("library_pick", {name: u.name}), "data-unit": u.id});
    box.checked = picked.some((p) => p.id === u.id);
    box.addEventListener("change", () => togglePick(u, box.checked));
    const game = gameById(u.game);
    body.append(el("tr", {}, el("td", {}, box), el("td", {}, u.name), el("td", {}, game ? gameName(game) : u.game), el("td", {}, u.file),
      el("td", {class: "num"}, u.figures.tons ?? ""), el("td", {class: "num"}, u.figures.bv ?? "")));
  }
}

async function togglePick(u, on) {
  const at = picked.findIndex((p) => p.id === u.id);
  if (!on) { if (at >= 0) picked.splice(at, 1); renderPicked(); return; }
  if (at >= 0) return;
  const r = await api(url("/api/library/unit", {id: u.id}));
  const data = await r.json();
  const unit = (data.document.units || [])[0] || {};
  picked.push({id: u.id, name: u.name, game: u.game, document: data.document, pilot: {...(unit.pilot || {})}});
  renderPicked();
}

function pickedGame() { return picked.length ? gameById(picked[0].game) : null; }

function groupWord(game) {
  return (game && game.group_label && (game.group_label[state.ui] || game.group_label.en)) || t("library_title");
}

function renderPicked() {
  const game = pickedGame();
  const size = (game && game.group_size) || picked.length;
  $("library-picked").textContent = picked.length ? t("library_picked", {n: picked.length, size}) : "";
  const box = $("library-pilots");
  box.replaceChildren();
  picked.forEach((p) => {
    const fs = el("fieldset", {class: "pilot"}, el("legend", {}, t("pilot_of", {name: p.name})));
    for (const [k, v] of Object.entries(p.pilot)) {
      const id = `pilot-${p.id}-${k}`;
      const input = el("input", {id, type: typeof v === "number" ? "number" : "text", "data-pilot": k});
      input.value = v === null || v === undefined ? "" : String(v);
      input.addEventListener("input", () => { p.pilot[k] = typeof v === "number" ? (input.value === "" ? v : Number(input.value)) : input.value; });
      fs.append(el("label", {for: id}, k.replace(/[_-]+/g, " ").replace(/^./, (c) => c.toUpperCase())), input);
    }
    box.append(fs);
  });
  const word = groupWord(game);
  $("library-group-label").textContent = t("library_group_name", {group: word});
  $("library-build").textContent = t("library_build", {group: word});
  $("library-build").disabled = !picked.length;
  // the name starts as the group's word ("Point") until the player writes one
  const nameBox = $("library-group-name");
  if (game && (!nameBox.value || nameBox.value === nameBox.dataset.suggested)) { nameBox.value = word; nameBox.dataset.suggested = word; }
}

function buildGroup() {
  if (!picked.length) return;
  const first = picked[0].document;
  const rules = picked.map((p) => p.document.rules).find((r) => r);
  const units = picked.map((p) => {
    const unit = JSON.parse(JSON.stringify((p.document.units || [])[0] || {}));
    if (Object.keys(p.pilot).length) unit.pilot = {...p.pilot};
    return unit;
  });
  const name = $("library-group-name").value.trim() || groupWord(pickedGame());
  const body = {system: first.system};
  if (rules) body.rules = rules;
  body.roster = {name};
  body.units = units;
  const text = new YAML.Document(body).toString({lineWidth: 0});
  const file = uniqueName(`${name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "group"}.yaml`);
  addDoc({name: file, text, saved: null, view: "form"});
  picked.splice(0);
  $("library").close();
  afterDocsChanged();
}

async function openSample(s) {
  const r = await api(url("/api/library/sample", {id: s.id}));
  const data = await r.json();
  if (!r.ok) { showError(data.error); return; }
  addDoc({name: uniqueName(data.name), text: data.text});
  $("library").close();
  afterDocsChanged();
}

// ---- calculators -----------------------------------------------------------------------------
function calcInputs(calc) {
  // the calculators' inputs as the API describes them (older servers: fields of a command)
  if (calc.inputs) return calc.inputs.map((i) => ({...i, choices: (i.choices || null) && i.choices.map(choiceOf)}));
  return (calc.fields || []).map((f) => ({
    name: f.name, label: f.label || f.help || f.name, help: f.help, required: f.required, multiple: f.multiple,
    type: f.kind === "str" ? (f.takes_file ? "unit_or_text" : "text") : f.kind,
    choices: f.choices ? f.choices.map(choiceOf) : null, default: f.default, min: f.minimum, max: f.maximum,
    placeholder: f.metavar || null, wire: "command", flag: f.flag,
  }));
}

async function loadUnitList() {
  state.unitList = [];
  if (!state.docs.length) return;
  try {
    const r = await api(url("/api/units"), {method: "POST", body: formData()});
    if (r.ok) state.unitList = (await r.json()).units.filter((u) => u.name);
  } catch (e) { /* none */ }
}

function renderCalculators() {
  const box = $("calcs");
  box.replaceChildren();
  const game = gameById($("calc-game").value);
  if (!game || !game.calculators.length) { box.append(el("p", {class: "hint"}, t("no_calculators"))); return; }
  for (const calc of game.calculators) box.append(calculatorForm(game, calc));
}

function calculatorForm(game, calc) {
  const inputs = calcInputs(calc);
  const titleId = `calc-${game.id}-${calc.name}`;
  const form = el("form", {class: "calc", "data-calc": `${game.id} ${calc.name}`, "aria-labelledby": titleId, onsubmit: (e) => { e.preventDefault(); runCalc(game, calc, inputs, form, out); }});
  form.append(el("h3", {id: titleId}, calc.title || calc.help || calc.name));
  if (calc.title && calc.help) form.append(el("p", {class: "hint"}, calc.help));
  const grid = el("div", {class: "grid calc-grid"});
  for (const input of inputs) grid.append(calcField(input));
  form.append(grid, el("button", {type: "submit"}, t("calculate")));
  const out = el("div", {class: "result", "aria-live": "polite"});
  form.append(out);
  let tm = null;
  form.addEventListener("change", () => { clearTimeout(tm); tm = setTimeout(() => runCalc(game, calc, inputs, form, out), 60); });
  return form;
}

function calcField(input) {
  const id = `calc-in-${Math.random().toString(36).slice(2)}`;
  const label = el("label", {for: id}, input.label + (input.required ? " *" : ""));
  const wrap = el("div", {class: "calc-field", title: input.help || null}, label);
  let control;
  if (input.type === "flag") {
    control = el("select", {id, "data-input": input.name});
    control.append(el("option", {value: ""}, input.default ? `${t("word_yes")} (${t("default_value")})` : `${t("word_no")} (${t("default_value")})`),
      el("option", {value: "1"}, t("word_yes")), el("option", {value: "0"}, t("word_no")));
  } else if (input.type === "choice") {
    control = el("select", {id, "data-input": input.name});
    control.append(el("option", {value: ""}, input.default !== null && input.default !== undefined ? `${input.default} (${t("default_value")})` : "—"));
    for (const c of input.choices || []) control.append(el("option", {value: c.value}, c.label));
    if (input.name === "lang" && (input.choices || []).some((c) => c.value === state.ui)) control.value = state.ui;
  } else if (input.type === "unit" || input.type === "unit_or_text") {
    control = el("select", {id, "data-input": input.name, "data-units": "1"});
    const fill = () => {
      const keep = control.value;
      control.replaceChildren(el("option", {value: ""}, state.unitList.length ? t("pick_unit") : t("no_units_open")));
      // a unit by name: {"file", "name"} on the wire (older servers: their "@N#Name" reference)
      for (const u of state.unitList) control.append(el("option", {value: input.wire === "command" ? u.ref : JSON.stringify({file: u.file, name: u.name})}, `${u.name} — ${u.file}`));
      control.value = keep;
    };
    fill();
    control.addEventListener("focus", async () => { await loadUnitList(); fill(); });
    wrap.append(control);
    if (input.type === "unit_or_text") {
      const text = el("input", {type: "text", id: `${id}-text`, "data-input": input.name, "data-text": "1", placeholder: input.placeholder || null,
        "aria-label": `${input.label}: ${t("other_value")}`});
      wrap.append(text);
    }
    control.setAttribute("aria-label", input.label);
    return wrap;
  } else {
    control = el("input", {id, "data-input": input.name, type: input.type === "int" || input.type === "float" ? "number" : "text",
      step: input.type === "float" ? "any" : null, min: input.min ?? null, max: input.max ?? null,
      placeholder: input.default !== null && input.default !== undefined ? String(input.default) : (input.placeholder || null)});
  }
  wrap.append(control);
  return wrap;
}

async function runCalc(game, calc, inputs, form, out) {
  const fields = {};
  for (const input of inputs) {
    const values = [];
    for (const c of form.querySelectorAll(`[data-input='${CSS.escape(input.name)}']`)) {
      const v = c.value.trim();
      if (v === "") continue;
      if (input.multiple) values.push(...v.split(/\s+/)); else values.push(v);
    }
    if (!values.length) continue;
    fields[input.name] = input.multiple ? values : values[values.length - 1];
  }
  const missing = inputs.filter((i) => i.required && !(i.name in fields));
  if (missing.length) { out.replaceChildren(el("p", {class: "hint"}, t("required_missing", {fields: missing.map((i) => i.label).join(", ")}))); return; }
  // the calculators' data contract: a unit as {"file", "name"} of the opened documents, numbers
  // and flags typed (older servers: their "@N#Name" reference and text)
  const values = {};
  for (const input of inputs) {
    if (!(input.name in fields)) continue;
    const one = (v) => {
      if (input.wire === "command") return v;
      if (input.type === "unit" || input.type === "unit_or_text") { try { const u = JSON.parse(v); if (u && u.name) return u; } catch (e) { /* text */ } }
      if ((input.type === "int" || input.type === "float") && v !== "" && Number.isFinite(Number(v))) return Number(v);
      if (input.type === "flag") return v === "1";
      return v;
    };
    values[input.name] = input.multiple ? fields[input.name].map(one) : one(fields[input.name]);
  }
  const body = formData();
  body.append("game", game.id);
  body.append("command", calc.name);
  body.append("name", calc.name);
  body.append("fields", JSON.stringify(values));
  body.append("ui", state.ui);
  body.append("lang", state.ui);
  const headers = {};
  let r, data;
  try { r = await api(url("/api/calc"), {method: "POST", body, headers}); data = await r.json().catch(() => ({})); } catch (e) { return; }
  if (!r.ok || data.refused) {  // a refused input says why (in words, naming its field)
    const msg = data.refused || data.error || (data.problems || []).map((p) => problemText(p)).join("; ") || r.statusText;
    out.replaceChildren(el("p", {class: "error", role: "alert"}, `${t("error")}: ${msg}`));
    return;
  }
  out.replaceChildren(resultView(data));
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

function chartSvg(dist) {  // a small bar chart of a result's distribution (outcome → probability)
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

function resultView(data) {
  const box = el("div", {class: "calc-result"});
  const display = data.display;
  if (display) {
    for (const line of display.lines || []) box.append(el("p", {}, line));
    for (const table of display.tables || []) {
      const tbl = el("table", {class: "kv"});
      if (table.title) tbl.append(el("caption", {}, table.title));
      tbl.append(el("thead", {}, el("tr", {}, ...table.columns.map((c) => el("th", {scope: "col"}, c)))));
      const body = el("tbody");
      for (const row of table.rows) body.append(el("tr", {}, ...row.map((c) => el("td", {}, String(c)))));
      tbl.append(body);
      box.append(tbl);
    }
    return box;
  }
  box.append(el("pre", {class: "calc-text"}, data.text || ""));
  const found = data.result ? findDistribution(data.result) : null;
  if (found) box.append(el("figure", {class: "dist-box"}, chartSvg(found), el("figcaption", {}, t("distribution"))));
  return box;
}

// ---- handouts --------------------------------------------------------------------------------
function renderHandouts() {
  const box = $("handouts");
  box.replaceChildren();
  for (const game of state.games) {
    const sec = el("section", {class: "handout", "data-game": game.id, "aria-labelledby": `handout-${game.id}`}, el("h3", {id: `handout-${game.id}`}, gameName(game)));
    const printing = () => {
      const q = {game: game.id, lang: $("opt-lang").value, paper: $("opt-paper").value};
      if ($("opt-mono").checked) q.mono = "1";
      return q;
    };
    if (game.reference) {
      sec.append(el("p", {}, el("button", {type: "button", class: "dl-reference",
        onclick: () => download(url("/api/reference", printing()), `${game.id}-reference.pdf`)}, `${t("reference")} (PDF)`)));
    }
    const charts = el("div", {class: "charts"});
    if (!game.charts.length) charts.append(el("span", {class: "hint"}, t("no_charts")));
    for (const name of game.charts) {
      const img = el("img", {alt: `${gameName(game)}: ${name}`, loading: "lazy"});
      charts.append(el("figure", {},
        el("figcaption", {}, el("span", {class: "chart-name"}, name), " ",
          el("button", {type: "button", "aria-label": `${t("show")}: ${name}`, onclick: () => { img.src = url("/api/chart", {...printing(), name, format: "png", dpi: 72}); }}, t("show")), " ",
          el("button", {type: "button", class: "dl-chart-pdf", "aria-label": `PDF: ${name}`, onclick: () => download(url("/api/chart", {...printing(), name, format: "pdf"}), `${game.id}-${name}.pdf`)}, "PDF"), " ",
          el("button", {type: "button", class: "dl-chart-png", "aria-label": `PNG: ${name}`, onclick: () => download(url("/api/chart", {...printing(), name, format: "png", dpi: 150}), `${game.id}-${name}.png`)}, "PNG")),
        img));
    }
    sec.append(el("h4", {}, t("charts")), charts);
    box.append(sec);
  }
}

// ---- wiring ----------------------------------------------------------------------------------
function showView(name, focus = false) {
  for (const b of document.querySelectorAll("nav [data-view]")) {
    const on = b.dataset.view === name;
    b.setAttribute("aria-selected", on ? "true" : "false");
    b.tabIndex = on ? 0 : -1;
    b.classList.toggle("active", on);
    if (on && focus) b.focus();
  }
  for (const v of document.querySelectorAll(".view")) { const on = v.id === `view-${name}`; v.classList.toggle("active", on); v.hidden = !on; }
}

function viewKeys(e) {
  const tabs = [...document.querySelectorAll("nav [data-view]")];
  const i = tabs.indexOf(e.target);
  let to = null;
  if (e.key === "ArrowRight") to = (i + 1) % tabs.length;
  else if (e.key === "ArrowLeft") to = (i - 1 + tabs.length) % tabs.length;
  if (to === null) return;
  e.preventDefault();
  showView(tabs[to].dataset.view, true);
}

async function init() {
  const stored = localStorage.getItem("sheets-ui-lang");
  state.ui = stored === "ru" || (!stored && (navigator.language || "").startsWith("ru")) ? "ru" : "en";
  $("ui-lang").value = state.ui;
  $("opt-lang").value = localStorage.getItem("sheets-print-lang") || state.ui;
  state.printLangTouched = !!localStorage.getItem("sheets-print-lang");
  setupEditor();
  await loadCatalogue();
  restore();
  applyWords();
  showDoc();

  $("ui-lang").addEventListener("change", async () => {
    state.ui = $("ui-lang").value;
    localStorage.setItem("sheets-ui-lang", state.ui);
    if (!state.printLangTouched) $("opt-lang").value = state.ui;
    await loadCatalogue();
    applyWords();
    schedule(0);
  });
  $("opt-lang").addEventListener("change", () => { state.printLangTouched = true; localStorage.setItem("sheets-print-lang", $("opt-lang").value); });
  for (const node of document.querySelectorAll("nav [data-view]")) {
    node.addEventListener("click", () => showView(node.dataset.view));
    node.addEventListener("keydown", viewKeys);
  }
  $("file-input").addEventListener("change", (e) => { addFiles(e.target.files); e.target.value = ""; });
  const drop = document.body;
  drop.addEventListener("dragover", (e) => { e.preventDefault(); $("drop").classList.add("over"); });
  drop.addEventListener("dragleave", () => $("drop").classList.remove("over"));
  drop.addEventListener("drop", (e) => { e.preventDefault(); $("drop").classList.remove("over"); addFiles(e.dataTransfer.files); });
  $("new-game").addEventListener("change", renderKinds);
  $("new-start").addEventListener("click", startNew);
  $("calc-game").addEventListener("change", renderCalculators);
  $("show-yaml").addEventListener("click", () => setView("yaml"));
  $("show-form").addEventListener("click", () => setView("form"));
  for (const id of ["opt-lang", "opt-paper", "opt-mono"]) $(id).addEventListener("change", () => schedule(0));
  $("game-options").addEventListener("change", () => schedule(0));
  $("dl-pdf").addEventListener("click", () => postFiles("/api/render", "sheets.pdf"));
  $("dl-pngs").addEventListener("click", () => postFiles("/api/pngs", "sheets-png.zip"));
  $("dl-yaml").addEventListener("click", downloadYaml);
  for (const b of document.querySelectorAll(".dl-roster")) {
    b.addEventListener("click", () => postFiles("/api/roster", `roster.${b.dataset.format}`, {format: b.dataset.format}));
  }
  $("open-library").addEventListener("click", openLibrary);
  $("close-doc").addEventListener("click", () => { if (activeDoc()) closeDoc(state.active); });
  $("library-close").addEventListener("click", () => $("library").close());
  $("library-search").addEventListener("input", renderLibraryRows);
  $("library-build").addEventListener("click", buildGroup);
  window.addEventListener("beforeunload", (e) => {
    persist(true);
    if (state.docs.some(unsaved)) { e.preventDefault(); e.returnValue = t("leave_unsaved"); }
  });
  window.addEventListener("pagehide", () => persist(true));
  heartbeat();
  schedule(0);
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", init);
