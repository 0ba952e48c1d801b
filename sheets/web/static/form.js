// The form view of a unit file: generated from the game's JSON Schema (`sheets schema GAME`), over
// the same document as the YAML view (the `yaml` package's Document: an edit here changes only
// the nodes it touches, so the user's comments and key order stay). Knows no game: every label,
// choice, bound and help text comes from the schema.
"use strict";

const SheetsForm = (() => {
  const {isMap, isSeq, isScalar} = YAML;

  // ---- schema helpers ---------------------------------------------------------------------
  function resolve(root, s, depth = 0) {
    if (!s || typeof s !== "object") return {};
    if (s.$ref && depth < 20) {
      const parts = s.$ref.replace(/^#\//, "").split("/").map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
      let target = root;
      for (const p of parts) target = target && target[p];
      const {$ref, ...rest} = s;
      return {...resolve(root, target, depth + 1), ...rest};
    }
    return s;
  }

  function types(s) {
    if (Array.isArray(s.type)) return s.type;
    return s.type ? [s.type] : [];
  }

  function nonNull(root, list) {
    return list.map((b) => resolve(root, b)).filter((b) => !(types(b).length === 1 && types(b)[0] === "null"));
  }

  // a schema as a kind of control: {kind: "choice"|"object"|"array"|"number"|"boolean"|"text"|"branches", ...}
  function classify(root, s0) {
    const s = resolve(root, s0);
    const alts = s.anyOf || s.oneOf;
    if (alts) {
      const branches = nonNull(root, alts);
      const choices = [];
      const strings = [];  // string branches: free text, or only another spelling of the choices
      let free = false, numeric = false;
      for (const b of branches) {
        if (Array.isArray(b.enum)) choices.push(...b.enum);
        else if ("const" in b) choices.push(b.const);
        else if (b.anyOf || b.oneOf) {
          const inner = classify(root, b);
          if (inner.kind === "choice") { choices.push(...inner.choices); free = free || inner.free; numeric = numeric || inner.numeric; } else free = true;
        } else if (types(b).some((x) => x === "object" || x === "array")) {
          return branches.length === 1 ? classify(root, {...b, description: b.description || s.description})
            : {kind: "branches", schema: s, branches};
        } else if (types(b).includes("number") || types(b).includes("integer")) { free = true; numeric = true; }
        else if (types(b).includes("string")) strings.push(b);
      }
      // an anchored pattern every choice matches spells the choices (any letter case): no free text
      const listed = choices.filter((x) => typeof x === "string" && x !== "");
      for (const b of strings) {
        let spelling = false;
        if (b.pattern && /^\^.*\$$/.test(b.pattern) && listed.length) {
          try { const re = new RegExp(b.pattern, "u"); spelling = listed.every((x) => re.test(x)); } catch (e) { spelling = false; }
        }
        free = free || !spelling;
      }
      if (choices.length) return {kind: "choice", schema: s, choices: [...new Set(choices)], free, numeric};
      if (branches.length === 1) return classify(root, {...branches[0], description: branches[0].description || s.description});
      return {kind: "text", schema: s};
    }
    if (Array.isArray(s.enum)) return {kind: "choice", schema: s, choices: s.enum, free: false};
    const ts = types(s).filter((x) => x !== "null");
    if (ts.includes("object") || s.properties) return {kind: "object", schema: s};
    if (ts.includes("array") || s.items) return {kind: "array", schema: s};
    if (ts.length === 1 && (ts[0] === "integer" || ts[0] === "number")) return {kind: "number", schema: s, integer: ts[0] === "integer"};
    if (ts.length === 1 && ts[0] === "boolean") return {kind: "boolean", schema: s};
    return {kind: "text", schema: s, numeric: ts.every((x) => x === "number" || x === "integer") && ts.length > 0};
  }

  // a new value of a schema: what an added item starts as (required fields filled)
  function skeleton(root, s0, depth = 0) {
    const c = classify(root, s0);
    const s = c.schema;
    if ("default" in s && s.default !== null) return JSON.parse(JSON.stringify(s.default));
    if (depth > 6) return null;
    switch (c.kind) {
      case "choice": return c.choices[0];
      case "number": return Math.max(s.minimum ?? 0, Math.min(s.maximum ?? Infinity, 0)) || (s.minimum ?? 0);
      case "boolean": return false;
      case "branches": return skeleton(root, c.branches[0], depth + 1);
      case "array": {
        const out = [];
        for (let i = 0; i < (s.minItems || 0); i++) out.push(skeleton(root, s.items || {}, depth + 1));
        return out;
      }
      case "object": {
        const out = {};
        for (const key of s.required || []) {
          const p = (s.properties || {})[key];
          if (p) out[key] = skeleton(root, p, depth + 1);
        }
        return out;
      }
      default: return "";
    }
  }

  function humanise(key) {
    const text = String(key).replace(/[_-]+/g, " ").trim();
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function labelOf(s, key) {
    return s.title || humanise(key);
  }

  // which branch of several object/array alternatives a value follows
  function branchOf(root, branches, value) {
    const plain = value && typeof value === "object" && !Array.isArray(value) ? value : null;
    let best = 0, bestScore = -1;
    branches.forEach((b0, i) => {
      const b = resolve(root, b0);
      const kind = classify(root, b).kind;
      const isArr = kind === "array";
      if (Array.isArray(value) !== isArr) return;
      if ((kind === "object") !== !!plain && !Array.isArray(value)) return;
      let score = 0;
      if (plain) {
        const req = b.required || [];
        if (!req.every((k) => k in plain)) return;
        score = req.length * 10;
        const props = b.properties || {};
        for (const k of Object.keys(plain)) if (k in props) score += 1; else if (b.additionalProperties === false) score -= 5;
      }
      if (score > bestScore) { best = i; bestScore = score; }
    });
    return best;
  }

  // ---- the document -------------------------------------------------------------------------
  function key(path) { return JSON.stringify(path); }

  function getJS(doc, path) {
    const node = path.length ? doc.getIn(path, true) : doc.contents;
    if (node === undefined || node === null) return undefined;
    if (isScalar(node)) return node.value;
    return typeof node.toJSON === "function" ? node.toJSON() : node;
  }

  function ensureRoot(doc) {
    if (!isMap(doc.contents)) doc.contents = doc.createNode({});
  }

  function setValue(doc, path, value) {
    ensureRoot(doc);
    if (value === undefined) { if (doc.hasIn(path)) doc.deleteIn(path); return; }
    // a new parent is made as a block mapping under its key; a scalar keeps its node (comments)
    const node = doc.getIn(path, true);
    if (isScalar(node) && (value === null || typeof value !== "object")) { node.value = value; return; }
    doc.setIn(path, doc.createNode(value));
  }

  // the path of the deepest node at character offset `at` (a problem's line:col); a problem at
  // the start of a mapping (e.g. a missing key) belongs to the mapping
  function pathAt(doc, at) {
    const path = [];
    let node = doc.contents;
    for (let guard = 0; guard < 50 && node && (isMap(node) || isSeq(node)); guard++) {
      if (path.length && node.range && at === node.range[0] && isMap(node)) return path;
      let next = null, found = false;
      if (isMap(node)) {
        for (const pair of node.items) {
          const kr = pair.key && pair.key.range, v = pair.value, vr = v && v.range;
          const start = kr ? kr[0] : (vr ? vr[0] : -1);
          const end = vr ? vr[1] : (kr ? kr[1] : -1);
          if (at >= start && at <= end) { path.push(pair.key ? pair.key.value : null); found = true; next = v; break; }
        }
      } else {
        for (let i = 0; i < node.items.length; i++) {
          const r = node.items[i] && node.items[i].range;
          if (r && at >= r[0] && at <= r[1]) { path.push(i); found = true; next = node.items[i]; break; }
        }
      }
      if (!found) break;
      node = next;
    }
    return path;
  }

  // ---- building the form --------------------------------------------------------------------
  let uid = 0;
  const newId = (p) => `${p}-${++uid}`;

  function h(tag, attrs = {}, ...children) {
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

  // ctx: {root (schema), doc (YAML.Document), t (words), commit(structural), problems: Map(pathKey → [message])}
  function render(container, ctx) {
    const active = document.activeElement;
    const focusedPath = active && container.contains(active) ? [active.dataset.path, active.dataset.role] : null;
    container.replaceChildren();
    const form = h("div", {class: "schema-form"});
    const top = classify(ctx.root, ctx.root);
    form.append(objectFields(ctx, top.schema, [], getJS(ctx.doc, []) || {}, true));
    container.append(form);
    if (focusedPath) {
      const sel = `[data-path='${CSS.escape(focusedPath[0] || "")}']` + (focusedPath[1] ? `[data-role='${focusedPath[1]}']` : "");
      const again = container.querySelector(sel);
      if (again) again.focus();
    }
  }

  function problemNote(ctx, path, describedBy) {
    const found = ctx.problems.get(key(path));
    if (!found) return null;
    const id = newId("fp");
    describedBy.push(id);
    return h("p", {class: "field-problem", id}, found.map((m) => ctx.t("field_problem", {message: m})).join(" "));
  }

  function helpNote(s, describedBy) {
    if (!s.description) return null;
    const id = newId("fh");
    describedBy.push(id);
    return h("span", {class: "help", id}, s.description);
  }

  function field(ctx, s0, path, value, name, required) {
    const c = classify(ctx.root, s0);
    const s = c.schema;
    const label = labelOf(s, name);
    if (c.kind === "object") return objectFields(ctx, s, path, value && typeof value === "object" ? value : {}, false, label, required);
    if (c.kind === "array") return arrayField(ctx, s, path, Array.isArray(value) ? value : [], label);
    if (c.kind === "branches") return branchField(ctx, c, path, value, label, required);
    const id = newId("f");
    const describedBy = [];
    const help = helpNote(s, describedBy);
    const problem = problemNote(ctx, path, describedBy);
    let input;
    const common = {id, "data-path": key(path), "aria-describedby": describedBy.join(" ") || null,
                    "aria-invalid": problem ? "true" : null, "aria-required": required ? "true" : null};
    let other = null;
    if (c.kind === "choice") {
      input = h("select", common);
      if (!required || value === undefined) input.append(h("option", {value: ""}, ctx.t("not_set")));
      const values = c.choices.filter((x) => x !== null && x !== "").map(String);
      const own = value !== undefined && value !== null && value !== "" && !values.includes(String(value));
      if (own && !c.free) values.unshift(String(value));
      for (const v of values) input.append(h("option", {value: v}, v));
      if (c.free) {  // a value of the user's own beside the listed ones
        input.append(h("option", {value: "__other__"}, ctx.t("other_value")));
        other = h("input", {type: "text", "data-path": key(path), "data-role": "other", "aria-label": `${label}: ${ctx.t("other_value")}`,
                           hidden: own ? null : true, spellcheck: "false"});
        other.value = own ? String(value) : "";
        other.addEventListener("input", () => {
          const raw = other.value;
          ctx.edit(path, raw === "" ? undefined : (c.numeric && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : raw));
        });
      }
      input.value = own && c.free ? "__other__" : (value === undefined || value === null ? "" : String(value));
      input.addEventListener("change", () => {
        const raw = input.value;
        if (raw === "__other__") { other.hidden = false; other.focus(); return; }
        if (other) { other.hidden = true; other.value = ""; }
        const typed = c.choices.find((x) => String(x) === raw);
        ctx.edit(path, raw === "" ? undefined : (typed !== undefined ? typed : raw));
      });
    } else if (c.kind === "number") {
      input = h("input", {...common, type: "number", inputmode: c.integer ? "numeric" : "decimal",
                         min: s.minimum ?? null, max: s.maximum ?? null, step: c.integer ? "1" : "any",
                         placeholder: s.default !== undefined && s.default !== null ? String(s.default) : null});
      input.value = value === undefined || value === null ? "" : String(value);
      input.addEventListener("input", () => {
        const raw = input.value.trim();
        if (raw === "") { ctx.edit(path, undefined); return; }
        const n = Number(raw);
        if (Number.isFinite(n)) ctx.edit(path, c.integer && Number.isInteger(n) ? n : n);
      });
    } else if (c.kind === "boolean") {
      input = h("select", common);
      const dflt = s.default;
      input.append(h("option", {value: ""}, dflt === undefined ? ctx.t("not_set") : `${ctx.t("not_set")} — ${ctx.t(dflt ? "yes" : "no")}`));
      input.append(h("option", {value: "true"}, ctx.t("yes")), h("option", {value: "false"}, ctx.t("no")));
      input.value = value === true ? "true" : value === false ? "false" : "";
      input.addEventListener("change", () => ctx.edit(path, input.value === "" ? undefined : input.value === "true"));
    } else {
      input = h("input", {...common, type: "text", maxlength: s.maxLength ?? null, spellcheck: "false",
                         placeholder: s.default !== undefined && s.default !== null && s.default !== "" ? String(s.default) : null});
      input.value = value === undefined || value === null ? "" : String(value);
      input.addEventListener("input", () => {
        const raw = input.value;
        if (raw === "" && !required) { ctx.edit(path, undefined); return; }
        ctx.edit(path, c.numeric && raw.trim() !== "" && Number.isFinite(Number(raw)) ? Number(raw) : raw);
      });
    }
    const wrap = h("div", {class: "field" + (problem ? " invalid" : ""), "data-field": key(path)},
      h("label", {for: id}, label, required ? h("span", {class: "req", "aria-hidden": "true"}, " *") : null),
      other ? h("span", {class: "choice-other"}, input, other) : input, help, problem);
    return wrap;
  }

  function objectFields(ctx, s, path, value, top, label, required) {
    const props = s.properties || {};
    const req = new Set(s.required || []);
    const describedBy = [];
    const box = top ? h("div", {class: "form-object top"}) : h("fieldset", {class: "form-object", "data-path": key(path)});
    if (!top) box.append(h("legend", {}, label || ""));
    const help = top ? null : helpNote(s, describedBy);
    const problem = path.length ? problemNote(ctx, path, describedBy) : null;
    if (help) box.append(help);
    if (problem) { box.append(problem); box.classList.add("invalid"); }
    if (describedBy.length) box.setAttribute("aria-describedby", describedBy.join(" "));
    const present = value && typeof value === "object" ? value : {};
    // a key whose schema repeats an earlier one's is another spelling of it (an alias): shown
    // only where the file uses it; so is a deprecated key
    const seen = new Set();
    const order = [];
    for (const k of Object.keys(props)) {
      const sig = JSON.stringify(props[k]);
      const alias = seen.has(sig) || props[k].deprecated;
      seen.add(sig);
      if (!alias || k in present) order.push(k);
    }
    const free = typeof s.additionalProperties === "object" ? s.additionalProperties : null;
    const extra = Object.keys(present).filter((k) => !(k in props));
    for (const k of order) box.append(field(ctx, props[k], [...path, k], present[k], k, req.has(k)));
    for (const k of extra) {
      const f = field(ctx, free || {type: ["string", "number"]}, [...path, k], present[k], k, false);
      f.append(h("button", {type: "button", class: "danger", "data-path": key([...path, k]), "data-role": "remove",
                            "aria-label": `${ctx.t("remove_item")}: ${k}`, onclick: () => ctx.edit([...path, k], undefined, true)}, ctx.t("remove_item")));
      box.append(f);
    }
    if (free) box.append(newKey(ctx, s, free, path, present, label || ""));
    return box;
  }

  // a mapping of free keys (e.g. a weapon's target classes): a key is added from the names the
  // schema lists (propertyNames) or typed
  function newKey(ctx, s, free, path, present, label) {
    const names = s.propertyNames ? classify(ctx.root, s.propertyNames) : null;
    const id = newId("k");
    let picker;
    if (names && names.kind === "choice") {
      picker = h("select", {id, "data-path": key(path), "data-role": "new-key"});
      for (const n of names.choices.map(String)) if (!(n in present)) picker.append(h("option", {value: n}, n));
    } else picker = h("input", {type: "text", id, "data-path": key(path), "data-role": "new-key"});
    const add = h("button", {type: "button", "data-path": key(path), "data-role": "add-key",
      onclick: () => { const k = picker.value.trim(); if (k && !(k in present)) ctx.edit([...path, k], skeleton(ctx.root, free), true); }},
      ctx.t("add_named", {name: label}));
    return h("div", {class: "field new-key"}, h("label", {for: id}, ctx.t("add_named", {name: label})), h("span", {}, picker, " ", add));
  }

  function arrayField(ctx, s, path, items, label) {
    const itemSchema = s.items || {};
    const listId = newId("l");
    const describedBy = [];
    const box = h("fieldset", {class: "form-array", "data-path": key(path)}, h("legend", {id: listId}, label));
    const help = helpNote(s, describedBy);
    const problem = problemNote(ctx, path, describedBy);
    if (help) box.append(help);
    if (problem) { box.append(problem); box.classList.add("invalid"); }
    const list = h("ol", {class: "form-items", "aria-labelledby": listId});
    const singular = label.replace(/s$/, "");
    items.forEach((item, i) => {
      const p = [...path, i];
      const itemLabel = ctx.t("item_n", {name: singular, n: i + 1});
      const tools = h("div", {class: "item-tools", role: "group", "aria-label": itemLabel},
        h("span", {class: "item-title"}, itemLabel + (item && typeof item === "object" && item.name ? `: ${item.name}` : "")),
        h("button", {type: "button", "data-path": key(p), "data-role": "up", disabled: i === 0 ? true : null,
                     "aria-label": `${ctx.t("move_up")}: ${itemLabel}`, onclick: () => ctx.move(path, i, i - 1)}, "↑"),
        h("button", {type: "button", "data-path": key(p), "data-role": "down", disabled: i === items.length - 1 ? true : null,
                     "aria-label": `${ctx.t("move_down")}: ${itemLabel}`, onclick: () => ctx.move(path, i, i + 1)}, "↓"),
        h("button", {type: "button", "data-path": key(p), "data-role": "duplicate",
                     "aria-label": `${ctx.t("duplicate_item")}: ${itemLabel}`, onclick: () => ctx.duplicate(path, i)}, ctx.t("duplicate_item")),
        h("button", {type: "button", "data-path": key(p), "data-role": "remove", class: "danger",
                     "aria-label": `${ctx.t("remove_item")}: ${itemLabel}`, onclick: () => ctx.remove(path, i)}, ctx.t("remove_item")));
      list.append(h("li", {class: "form-item"}, tools, field(ctx, itemSchema, p, item, itemLabel, true)));
    });
    box.append(list);
    const atMax = s.maxItems !== undefined && items.length >= s.maxItems;
    box.append(h("button", {type: "button", class: "add", "data-path": key(path), "data-role": "add", disabled: atMax ? true : null,
                            onclick: () => ctx.add(path, skeleton(ctx.root, itemSchema))}, ctx.t("add_named", {name: label})));
    return box;
  }

  function branchName(root, b, i) {
    if (b.title) return humanise(b.title);
    if (b.description) return b.description;
    const c = classify(root, b);
    if (c.kind === "choice") return c.choices.slice(0, 3).map(String).join(", ") + (c.choices.length > 3 ? ", …" : "");
    if (c.kind === "object") return Object.keys(c.schema.properties || {}).slice(0, 3).join(", ") + ", …";
    return `${i + 1}`;
  }

  function branchField(ctx, c, path, value, label, required) {
    const pick = value === undefined ? 0 : branchOf(ctx.root, c.branches, value);
    const id = newId("b");
    const box = h("div", {class: "form-branches"});
    const names = c.branches.map((b, i) => branchName(ctx.root, b, i));
    const sel = h("select", {id, "data-path": key(path), "data-role": "branch"});
    names.forEach((n, i) => sel.append(h("option", {value: String(i)}, n)));
    sel.value = String(pick);
    sel.addEventListener("change", () => ctx.edit(path, skeleton(ctx.root, c.branches[Number(sel.value)]), true));
    box.append(h("div", {class: "field branch-pick"}, h("label", {for: id}, `${label}: ${ctx.t("entry_kind")}`), sel));
    const chosen = {...resolve(ctx.root, c.branches[pick])};
    delete chosen.description;  // shown as the choice's name
    box.append(field(ctx, chosen, path, value, label, required));
    return box;
  }

  return {render, classify, skeleton, setValue, pathAt, getJS, key, ensureRoot};
})();
