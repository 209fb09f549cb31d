// Loaded first by each process that runs tests for scripts/run-tests.js (a layer's process and, with
// --jobs above 1, each of mocha's workers): TypeScript through ts-node (transpile only), then the
// small multipart sizes of test runs (test/uploadSizes.ts).
"use strict";
const path = require("node:path");
require("ts-node").register({ transpileOnly: true, project: path.join(__dirname, "..", "..", "tsconfig.json") });
require("../uploadSizes.ts");
