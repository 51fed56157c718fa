import { expect } from "chai";
import { failures, isClassBrowsers, isIndexerOrDeploy, isNodesOrBrowsers, testFiles } from "../../scripts/test/run";

describe("npm test's runner (scripts/test/run.ts)", function () {
  it("puts every test file in exactly one group", function () {
    const files = testFiles();
    expect(files).to.include("test/scripts/test-runner.test.ts");
    for (const f of files) {
      const groups = [isNodesOrBrowsers(f), isIndexerOrDeploy(f)].filter(Boolean).length;
      expect(groups, f).to.be.at.most(1);
    }
    expect(isNodesOrBrowsers("test/web/harness.ts")).to.equal(true);
    expect(isNodesOrBrowsers("test/web/format.unit.test.ts")).to.equal(false);
    expect(isIndexerOrDeploy("test/indexer/export.test.ts")).to.equal(true);
    // The class's browser tests are a group of their own (a subset of the browser tests), the games' the rest.
    expect(isClassBrowsers("test/web/session-console.e2e.test.ts")).to.equal(true);
    expect(isClassBrowsers("test/web/class.unit.test.ts")).to.equal(false);
    expect(isClassBrowsers("test/web/catamm.e2e.test.ts")).to.equal(false);
    expect(files.filter(isClassBrowsers).length).to.be.within(5, files.filter(isNodesOrBrowsers).length - 5);
  });

  it("repeats mocha's failure section from 'N failing' on, bounded", function () {
    const output = [
      "  suite",
      "    ✔ a",
      "",
      "  3 passing (1s)",
      "  1 failing",
      "",
      "  1) suite",
      "       b:",
      "     Error: x",
    ].join("\n");
    expect(failures(output)).to.equal(["  1 failing", "", "  1) suite", "       b:", "     Error: x"].join("\n"));
    const long = ["  1 failing", ...Array.from({ length: 10 }, (_, i) => `line ${i}`)].join("\n");
    const cut = failures(long, 4).split("\n");
    expect(cut.slice(0, 4)).to.deep.equal(["  1 failing", "line 0", "line 1", "line 2"]);
    expect(cut[4]).to.contain("7 more lines");
  });

  it("without a failure section (a crash before mocha's report), the output's last lines", function () {
    const output = Array.from({ length: 10 }, (_, i) => `l${i}`).join("\n");
    expect(failures(output, 3)).to.equal("l7\nl8\nl9");
  });
});
