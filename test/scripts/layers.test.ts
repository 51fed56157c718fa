// The folders' layers (issue 36, item 5): code shared by Node, the indexer and the pages lives in client/ or
// scripts/lib/, so nothing outside web/ imports from web/, nothing outside test/ imports from test/, and the pages
// (web/src) import neither scripts/ nor test/. Read from the files' import specifiers, as git tracks them.
// [no-coverage]: no contract is measured here.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";

const REPO = path.resolve(__dirname, "../..");
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

/** Each tracked TypeScript file's relative imports, as repository paths (`web/src/...`). */
function imports(): { file: string; target: string }[] {
  const files = execFileSync("git", ["ls-files", "*.ts", "*.tsx"], { cwd: REPO, encoding: "utf8" })
    .split("\n")
    .filter((f) => f && fs.existsSync(path.join(REPO, f)));
  return files.flatMap((file) =>
    [...fs.readFileSync(path.join(REPO, file), "utf8").matchAll(SPECIFIER)]
      .map((m) => m[1]!)
      .filter((s) => s.startsWith("."))
      .map((s) => ({ file, target: path.relative(REPO, path.resolve(REPO, path.dirname(file), s)) })),
  );
}

const inside = (p: string, folder: string) => p === folder || p.startsWith(folder + "/");

describe("the folders' layers", function () {
  const all = imports();

  it("reads the imports of every layer (the check sees real files)", function () {
    for (const folder of ["client", "scripts", "indexer", "test", "web/src"])
      expect(
        all.some((i) => inside(i.file, folder)),
        folder,
      ).to.equal(true);
  });

  it("nothing outside web/ imports from web/, nothing outside test/ from test/", function () {
    const crossing = all.filter(
      (i) =>
        (inside(i.target, "web") && !inside(i.file, "web") && !inside(i.file, "test")) ||
        (inside(i.target, "test") && !inside(i.file, "test")),
    );
    expect(crossing.map((i) => `${i.file} -> ${i.target}`)).to.deep.equal([]);
  });

  it("the pages (web/src) import neither scripts/ nor test/", function () {
    const crossing = all.filter(
      (i) => inside(i.file, "web/src") && (inside(i.target, "scripts") || inside(i.target, "test")),
    );
    expect(crossing.map((i) => `${i.file} -> ${i.target}`)).to.deep.equal([]);
  });
});
