// Readable errors for the pages: client/'s describeError (every custom error of every contract as a sentence naming
// the values; wallet refusal, dropped connection, wrong network), as the message string the pages show.
import { describeError as describe, type DescribeContext } from "../../../client/errors";

export type { DescribeContext };

export function describeError(err: unknown, ctx: DescribeContext = {}): string {
  return describe(err, ctx).message;
}
