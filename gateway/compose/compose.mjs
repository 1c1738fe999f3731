// Recomposes the supergraph from the subgraph schemas listed in ../schema/graph.yaml and writes
//   ../schema/config.json         the router config the gateway embeds (pretty-printed for reviewable diffs)
//   ../schema/supergraph.graphql  the composed schema, the API the gateway serves
// It runs the wgc CLI pinned in package-lock.json and works offline once that is installed.
// `go generate ./schema` in the gateway module (and so `make generate`) runs it.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const schemaDir = join(here, "..", "schema");
const configFile = join(schemaDir, "config.json");
const supergraphFile = join(schemaDir, "supergraph.graphql");

installPinnedWgc();
execFileSync("npx", ["--no-install", "wgc", "router", "compose", "-i", join(schemaDir, "graph.yaml"), "-o", configFile], {
  cwd: here,
  stdio: "inherit",
});
const config = JSON.parse(readFileSync(configFile, "utf8"));
writeFileSync(configFile, JSON.stringify(config, null, 2) + "\n");
writeFileSync(supergraphFile, config.engineConfig.graphqlSchema.trimEnd() + "\n");

// npm ci only when node_modules lacks the pinned version, so regenerating stays fast and offline.
function installPinnedWgc() {
  const pinned = JSON.parse(readFileSync(join(here, "package.json"), "utf8")).devDependencies.wgc;
  let installed = "";
  try {
    installed = JSON.parse(readFileSync(join(here, "node_modules", "wgc", "package.json"), "utf8")).version;
  } catch {
    // not installed yet
  }
  if (installed !== pinned) {
    execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: here, stdio: "inherit" });
  }
}
