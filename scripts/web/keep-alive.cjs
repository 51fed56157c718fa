// Preloaded into the indexer's process (`node --require`, scripts/web/indexer.ts): its HTTP server (Ponder's, Node's
// defaults) closes a connection after 5 s idle, and a client whose event loop was blocked past its own shorter idle
// time (a test process running Hardhat's in-process chain on a busy machine, the gateway beside it) could send its
// next request on a connection the server was closing: `fetch failed … read ECONNRESET`, or a 502 from the gateway.
// With no idle timeout on the server's side, only the client closes idle connections, so the two never cross.
const http = require("node:http");

const createServer = http.createServer;
http.createServer = function (...args) {
  const server = createServer.apply(this, args);
  server.keepAliveTimeout = 0;
  return server;
};
