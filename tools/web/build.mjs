// Development-time build of the page's vendored components (not run at install time):
//   cd tools/web && npm ci && node build.mjs
// writes sheets/web/static/vendor/{codemirror.js,yaml.js,axe.min.js} and LICENSES/, which are
// committed. The page loads nothing else and needs no build step to install or run.
import {build} from "esbuild";
import {copyFileSync, mkdirSync, readdirSync, readFileSync, existsSync, writeFileSync} from "node:fs";
import {join, dirname} from "node:path";
import {fileURLToPath} from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "..", "sheets", "web", "static", "vendor");
mkdirSync(join(out, "LICENSES"), {recursive: true});

const common = {bundle: true, minify: true, format: "iife", target: "es2020", legalComments: "none",
  charset: "utf8", logLevel: "info"};
await build({...common, entryPoints: [join(here, "cm-entry.js")], globalName: "CM", outfile: join(out, "codemirror.js")});
await build({...common, entryPoints: [join(here, "yaml-entry.js")], globalName: "YAML", outfile: join(out, "yaml.js")});
copyFileSync(join(here, "node_modules", "axe-core", "axe.min.js"), join(out, "axe.min.js"));

// every package that went into a bundle, with its licence text
const lock = JSON.parse(readFileSync(join(here, "package-lock.json"), "utf8"));
const lines = [];
for (const [path, info] of Object.entries(lock.packages)) {
  if (!path.startsWith("node_modules/") || path.includes("esbuild")) continue;
  const name = path.slice("node_modules/".length);
  const dir = join(here, path);
  const lic = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
  if (!lic) throw new Error(`${name}: no licence file`);
  copyFileSync(join(dir, lic), join(out, "LICENSES", `${name.replace("/", "__")}.txt`));
  lines.push(`${name} ${info.version} (${info.license}) -> ${name.replace("/", "__")}.txt`);
}
writeFileSync(join(out, "LICENSES", "README.txt"),
  "Third-party code bundled into codemirror.js, yaml.js and axe.min.js (built by tools/web/build.mjs\n" +
  "from the npm registry's packages):\n\n" + lines.sort().join("\n") + "\n");
