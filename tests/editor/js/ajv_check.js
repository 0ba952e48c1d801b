// Compile JSON Schemas with ajv's JSON Schema 2020-12 class at its default options (Unicode
// regular expressions, strict mode as shipped) and test regular expressions the way ECMA-262
// runs them with the "u" flag. Reads one JSON request on stdin:
//   {"schemas": {"name": schema, ...}, "patterns": [{"pattern": "...", "probes": ["...", ...]}],
//    "instances": [{"schema": "name", "data": value}, ...]}
// and writes {"compiled": {"name": "ok" | error}, "warnings": [...],
//   "patterns": [{"error": null | text, "matches": [bool, ...]}], "instances": [true | [errors]]}.
"use strict";
const Ajv2020 = require("ajv/dist/2020").default;

const warnings = [];
const logger = {
  log: (...a) => warnings.push(a.join(" ")),
  warn: (...a) => warnings.push(a.join(" ")),
  error: (...a) => warnings.push(a.join(" ")),
};

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const req = JSON.parse(input);
  const out = { compiled: {}, warnings, patterns: [], instances: [] };
  const validators = {};
  for (const [name, schema] of Object.entries(req.schemas || {})) {
    // the default options, but for where ajv's strict-mode notices go (collected, not printed)
    const ajv = new Ajv2020({ logger });
    try {
      validators[name] = ajv.compile(schema);
      out.compiled[name] = "ok";
    } catch (e) {
      out.compiled[name] = String(e.message || e);
    }
  }
  for (const p of req.patterns || []) {
    try {
      const re = new RegExp(p.pattern, "u");
      out.patterns.push({ error: null, matches: p.probes.map((s) => re.test(s)) });
    } catch (e) {
      out.patterns.push({ error: String(e.message || e), matches: [] });
    }
  }
  for (const inst of req.instances || []) {
    const v = validators[inst.schema];
    if (!v) {
      out.instances.push(["no schema " + inst.schema]);
    } else if (v(inst.data)) {
      out.instances.push(true);
    } else {
      out.instances.push(v.errors.map((e) => `${e.instancePath} ${e.message}`));
    }
  }
  process.stdout.write(JSON.stringify(out));
});
