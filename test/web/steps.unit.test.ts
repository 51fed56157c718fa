// scripts/web/steps.ts: what `npm run web` prints while it starts (issue 34, item 14). The whole start's output is
// checked end to end in test/web/supervise.test.ts; here each line's form, a long step's reports and a failure.
// [no-coverage]: no contract is measured here.
import { expect } from "chai";
import { elapsed, Steps } from "../../scripts/web/steps";

describe("web: the start's steps (scripts/web/steps.ts) [no-coverage]", function () {
  it("numbers each step out of the total and says when it is done", async function () {
    const lines: string[] = [];
    const steps = new Steps(2, (l) => lines.push(l));
    expect(await steps.run("Compiling", async () => 7)).to.equal(7);
    await steps.run("Deploying", async () => undefined, "a minute or so");
    expect(lines).to.have.length(4);
    expect(lines[0]).to.equal("[1/2] Compiling…");
    expect(lines[1]).to.match(/^\[1\/2\] Compiling: done in \d+ s$/);
    expect(lines[2]).to.equal("[2/2] Deploying… (a minute or so)");
    expect(lines[3]).to.match(/^\[2\/2\] Deploying: done in \d+ s$/);
  });

  it("reports a long step while it runs, and stops reporting when it ends", async function () {
    const lines: string[] = [];
    const steps = new Steps(1, (l) => lines.push(l), 5);
    // The step ends only once it has been reported twice: no clock decides the outcome.
    await steps.run("Indexing", async () => {
      while (lines.filter((l) => l.includes("so far")).length < 2) await new Promise((r) => setTimeout(r, 1));
    });
    const reports = lines.filter((l) => /^\[1\/1\] Indexing: \d+ s so far$/.test(l)).length;
    expect(reports).to.be.at.least(2);
    await new Promise((r) => setTimeout(r, 30));
    expect(lines.filter((l) => l.includes("so far")).length, "no report after the step ended").to.equal(reports);
    expect(lines.at(-1)).to.match(/Indexing: done in/);
  });

  it("says a step failed, and passes its error on", async function () {
    const lines: string[] = [];
    const steps = new Steps(1, (l) => lines.push(l));
    const err = await steps.run("Building", () => Promise.reject(new Error("vite broke"))).catch((e: Error) => e);
    expect((err as Error).message).to.equal("vite broke");
    expect(lines.at(-1)).to.match(/^\[1\/1\] Building: failed after \d+ s$/);
  });

  it("writes minutes and seconds", function () {
    expect(elapsed(4_400)).to.equal("4 s");
    expect(elapsed(59_400)).to.equal("59 s");
    expect(elapsed(185_000)).to.equal("3 min 5 s");
  });
});
