// Read YAML texts as yaml-language-server does: the `yaml` package (the parser it ships with),
// YAML 1.2, core schema. Reads {"texts": ["...", ...]} on stdin, writes [{"value": ...} |
// {"error": "..."}] (non-finite numbers as {"number": "Infinity"}).
"use strict";
const YAML = require("yaml");

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (c) => (input += c));
process.stdin.on("end", () => {
  const out = JSON.parse(input).texts.map((text) => {
    try {
      const value = YAML.parse(text, { version: "1.2", merge: true });
      return { value: JSON.parse(JSON.stringify(value, (k, v) => (typeof v === "number" && !Number.isFinite(v) ? { number: String(v) } : v))) };
    } catch (e) {
      return { error: String(e.message || e) };
    }
  });
  process.stdout.write(JSON.stringify(out));
});
