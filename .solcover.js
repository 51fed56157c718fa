// Coverage instruments contracts (larger, unoptimised bytecode): size checks and anything tagged [no-coverage]
// are meaningless there and are not run.
module.exports = {
  skipFiles: ["mocks/"],
  mocha: { grep: "\\[no-coverage\\]", invert: true },
  configureYulOptimizer: false,
};
