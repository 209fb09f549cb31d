// Preloaded (`-r`) into the emulator bin's process by the package fuzz (issue 45) to make a
// library fail as the hostile uploads once did: a write stream that throws where yauzl's entry
// callback used to run the write (for targets named "disk-fails"), and, on SIGUSR2, an exception
// thrown in a timer's callback that no request owns. Both messages carry a token, which must not
// reach the answer or the log.
import type * as fsTypes from "node:fs";

// the module object itself (an `import * as` namespace has no setters)
const fs = require("node:fs") as typeof fsTypes;
const createWriteStream = fs.createWriteStream;
fs.createWriteStream = ((target: fsTypes.PathLike, options?: Parameters<typeof fsTypes.createWriteStream>[1]) => {
  if (String(target).includes("disk-fails")) throw Object.assign(new Error(`EIO: i/o error, open '${String(target)}' (token=tok-dev_admin)`), { code: "EIO" });
  return createWriteStream(target, options);
}) as typeof fsTypes.createWriteStream;

process.on("SIGUSR2", () => {
  setImmediate(() => {
    throw new Error("thrown in a library's callback, token=tok-dev_admin");
  });
});
