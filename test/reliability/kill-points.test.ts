// Reliability (issue "crash-safe creates"; docs/recovery.md): `pulumi up` of every resource kind,
// SIGKILLed at eight points — after addItem, mid multipart parts, after commit, after updateItem,
// after setContentStatus, after the append job started, after assignCategorySchema, and before the
// state write — then exactly the recovery of docs/recovery.md (cancel, refresh
// --clear-pending-creates, up). Every time: one item per PortalItem and none besides (the stack
// marker finds them all), the appended rows once, the tree and status as declared, and a preview
// with no changes. The kill point is a loopback proxy in front of the emulator that stops passing
// requests once the point's answer was delivered (support/killSwitch.ts). The points are in two
// files, run side by side (support/killPoints.ts): the first three here, the rest and the update's in
// kill-points-late.test.ts.
import { describeKillPoints, EARLY_POINTS } from "./support/killPoints";

describeKillPoints("reliability: SIGKILL at eight points of an up, then docs/recovery.md", {
  points: EARLY_POINTS,
  journal: true,
});
