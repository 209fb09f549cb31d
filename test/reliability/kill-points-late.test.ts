// Reliability: the second half of the SIGKILL points of kill-points.test.ts (support/killPoints.ts),
// in a file of its own so that mocha's workers run the halves side by side: after setContentStatus,
// after the append job started, after assignCategorySchema, before the state write (checkpoints
// off), and after updateItem.
import { describeKillPoints, LATE_POINTS } from "./support/killPoints";

describeKillPoints("reliability: SIGKILL at eight points of an up, then docs/recovery.md (the later points)", {
  points: LATE_POINTS,
  update: true,
});
