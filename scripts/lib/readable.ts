// Errors Hardhat prints as one readable line, without a stack trace.
import { inspect } from "node:util";
import { HardhatPluginError } from "hardhat/plugins";

/** The plugin name Hardhat prints before a task's error ("Error in plugin games: ..."). */
export const PLUGIN = "games";

/**
 * An error Hardhat prints as "Error in plugin games: <message>". Where Hardhat also prints the error object (on CI
 * servers, and on any Linux machine without a display, which it takes for one), that prints nothing more: the
 * message was said, and the stack would point into ethers and the provider rather than at the user's mistake.
 * (HardhatPluginError resets its prototype, so the override sits on the instance.)
 */
export function readableErrorOf(message: string): HardhatPluginError {
  const error = new HardhatPluginError(PLUGIN, message);
  Object.defineProperty(error, inspect.custom, { value: () => "" });
  return error;
}
