// Registers every game's Hardhat tasks. Each game adds one import line here.
import "./common/tasks";
import "./common/lines";
import "./hex/tasks";
import "./snatch/tasks";
import "./catamm/tasks";
import "./common/export-tasks";
