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
      let free = false;
      for (const b of branches) {
        if (Array.isArray(b.enum)) choices.push(...b.enum);
        else if ("const" in b) choices.push(b.const);
        else if (b.anyOf || b.oneOf) {
          const inner = classify(root, b);
          if (inner.kind === "choice") { choices.push(...inner.choices); free = free || inner.free; } else free = true;
        } else if (types(b).some((x) => x === "object" || x === "array")) {
          return branches.length === 1 ? classify(root, {...b, description: b.description || s.description})
            : {kind: "branches", schema: s, branches};
        } else free = free || types(b).includes("string") || types(b).includes("number") || types(b).includes("integer");
      }
      if (choices.length) return {kind: "choice", schema: s, choices: [...new Set(choices)], free};
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
      const isArr = types(b).includes("array") || b.items;
      if (Array.isArray(value) !== !!isArr) return;
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
    const focusedPath = document.activeElement && container.contains(document.activeElement)
      ? [document.activeElement.dataset.path, document.activeElement.dataset.role] : null;
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
    if (c.kind === "choice") {
      input = h("select", common);
      if (!required || value === undefined) input.append(h("option", {value: ""}, ctx.t("not_set")));
      const values = c.choices.map(String);
      if (value !== undefined && value !== null && !values.includes(String(value))) values.unshift(String(value));
      for (const v of values) input.append(h("option", {value: v}, v));
      input.value = value === undefined || value === null ? "" : String(value);
      input.addEventListener("change", () => {
        const raw = input.value;
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
      h("label", {for: id}, label, required ? h("span", {class: "req", "aria-hidden": "true"}, " *") : null), input, help, problem);
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
    const order = [...Object.keys(props)];
    for (const k of Object.keys(value || {})) if (!(k in props)) order.push(k);
    for (const k of order) {
      const sub = props[k] || (typeof s.additionalProperties === "object" ? s.additionalProperties : {type: ["string", "number"]});
      box.append(field(ctx, sub, [...path, k], value ? value[k] : undefined, k, req.has(k)));
    }
    return box;
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

  function branchField(ctx, c, path, value, label, required) {
    const pick = value === undefined ? 0 : branchOf(ctx.root, c.branches, value);
    const id = newId("b");
    const box = h("div", {class: "form-branches"});
    const names = c.branches.map((b, i) => b.title || b.description || `${i + 1}`);
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
