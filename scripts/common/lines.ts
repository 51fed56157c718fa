// `cli:lines`: runs command lines such as the README's examples (`npx hardhat --network localhost hex:create ...`)
// in this one Hardhat process, in order, through Hardhat's own argument parser and the same task definitions, and
// writes what each printed (or the error the CLI would print) as JSON. Starting Hardhat costs seconds per command;
// this is how test/nodes runs whole README sequences on a node cheaply. The lines' `--network` is this process's.
import fs from "node:fs";
import { task } from "hardhat/config";
import { HardhatPluginError } from "hardhat/plugins";
import { ArgumentsParser } from "hardhat/internal/cli/ArgumentsParser";
import { HARDHAT_PARAM_DEFINITIONS } from "hardhat/internal/core/params/hardhat-params";
import { getEnvHardhatArguments } from "hardhat/internal/core/params/env-variables";

/** What one line printed. `error` is the text Hardhat's CLI prints for it (first line for a known error). */
export interface LineResult {
  line: string;
  output: string;
  error?: string;
  /** Whether the CLI would print a stack trace for it (an unexpected error). */
  stack: boolean;
  ms: number;
}

/** Splits a command line like a POSIX shell does for plain words and '...' or "..." quoted ones. */
export function splitWords(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let quote: string | null = null;
  let started = false;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = null;
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      started = true;
    } else if (/\s/.test(ch)) {
      if (started || word) words.push(word);
      word = "";
      started = false;
    } else word += ch;
  }
  if (quote) throw new Error(`unbalanced quote in: ${line}`);
  if (started || word) words.push(word);
  return words;
}

task("cli:lines", "Runs Hardhat command lines in this process, in order, and writes what each printed as JSON")
  .addParam("file", "JSON file: an array of command lines (npx hardhat [--network x] task --arg value ...)")
  .addParam("out", "JSON file to write the results to")
  .addFlag("stopOnError", "stop at the first line that fails")
  .setAction(async (args: { file: string; out: string; stopOnError: boolean }, hre) => {
    const lines = JSON.parse(fs.readFileSync(args.file, "utf8")) as string[];
    const parser = new ArgumentsParser();
    const defaults = getEnvHardhatArguments(HARDHAT_PARAM_DEFINITIONS, {});
    const results: LineResult[] = [];
    for (const line of lines) {
      const started = Date.now();
      const words = splitWords(line);
      if (words[0] === "npx") words.shift();
      if (words[0] !== "hardhat") throw new Error(`not a Hardhat command: ${line}`);
      const { allUnparsedCLAs } = parser.parseHardhatArguments(HARDHAT_PARAM_DEFINITIONS, defaults, words.slice(1));
      const { scopeName, taskName, unparsedCLAs } = parser.parseScopeAndTaskNames(
        allUnparsedCLAs,
        hre.tasks,
        hre.scopes,
      );
      const definition = scopeName ? hre.scopes[scopeName].tasks[taskName] : hre.tasks[taskName];
      // What the line writes to the terminal, as the CLI would show it (console.table included).
      let printed = "";
      const stdout = process.stdout.write.bind(process.stdout);
      const stderr = process.stderr.write.bind(process.stderr);
      const capture = (chunk: string | Uint8Array): boolean => {
        printed += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString();
        return true;
      };
      process.stdout.write = capture as typeof process.stdout.write;
      process.stderr.write = capture as typeof process.stderr.write;
      let error: string | undefined;
      let stack = false;
      try {
        const taskArguments = parser.parseTaskArguments(definition, unparsedCLAs);
        await hre.run({ scope: scopeName, task: taskName }, taskArguments);
      } catch (e) {
        // As Hardhat's CLI prints it: a known error as its message, anything else with its stack trace.
        if (HardhatPluginError.isHardhatPluginError(e)) error = `Error in plugin ${e.pluginName}: ${e.message}`;
        else {
          error = `An unexpected error occurred: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`;
          stack = true;
        }
      } finally {
        process.stdout.write = stdout;
        process.stderr.write = stderr;
      }
      const result = { line, output: printed.replace(/\n$/, ""), error, stack, ms: Date.now() - started };
      results.push(result);
      console.log(`$ ${line}\n${result.output}${error ? `\n${error}` : ""}`);
      if (error && args.stopOnError) break;
    }
    fs.writeFileSync(args.out, JSON.stringify(results, null, 2));
  });
