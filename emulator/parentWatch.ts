// The bin ends with the process that started it (issue 45). `npx portal-emulator` runs the bin
// through `sh -c` under npm, and npm does not forward SIGTERM: a CI step's cleanup that stops npx
// left the emulator running with its port bound. So the bin watches its parent and, when the
// parent is a shell, the nearest ancestor that is not one (npm, a test runner, a service manager),
// and stops when either is gone. Polling is the one way that works alike on Linux and macOS
// without the launcher's help: an IPC channel or a pipe on stdin needs a launcher that sets them
// up (npx does neither), and prctl(PR_SET_PDEATHSIG) is Linux-only and not reachable from Node.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

/** Process names that are shells: a shell between the bin and its launcher is looked through. */
const SHELLS = new Set(["sh", "dash", "bash", "zsh", "ksh", "mksh", "ash", "busybox", "fish"]);

interface ProcessInfo {
  ppid: number;
  name: string;
  /** A zombie: ended, not yet reaped by its own parent. */
  ended: boolean;
}

/** Parent pid, name and state of `pid` (Linux: /proc; macOS and other Unix: ps), or undefined. */
export function processInfo(pid: number): ProcessInfo | undefined {
  try {
    if (process.platform === "linux") {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const [state, ppid] = stat.slice(close + 2).split(" ");
      return { ppid: Number(ppid), name: stat.slice(stat.indexOf("(") + 1, close), ended: state === "Z" || state === "X" };
    }
    if (process.platform === "win32") return undefined;
    const out = execFileSync("ps", ["-o", "ppid=,stat=,comm=", "-p", String(pid)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const m = /^(\d+)\s+(\S+)\s+(.*)$/.exec(out);
    return m ? { ppid: Number(m[1]), name: path.basename(m[3]), ended: m[2].startsWith("Z") } : undefined;
  } catch {
    return undefined;
  }
}

/** The processes whose end ends the bin: its parent, then through any shells up to the first ancestor that is not one. */
export function watchedAncestors(parent: number = process.ppid): number[] {
  if (parent <= 1) return [];
  const watched = [parent];
  for (let pid = parent, hops = 0; hops < 4; hops++) {
    const info = processInfo(pid);
    if (!info || !SHELLS.has(info.name) || info.ppid <= 1) break;
    pid = info.ppid;
    watched.push(pid);
  }
  return watched;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
  return !(process.platform === "linux" && processInfo(pid)?.ended);
}

/**
 * Calls `onGone(pid)` once the parent (the bin is re-parented: its ppid changes) or a watched
 * ancestor is gone, checking every `intervalMs`. Returns a function that stops watching. Nothing
 * is watched when the bin's parent is init (pid 1): it was started detached already.
 */
export function onLauncherGone(onGone: (pid: number) => void, intervalMs = 250): () => void {
  const parent = process.ppid;
  const watched = watchedAncestors(parent);
  if (watched.length === 0) return () => undefined;
  const timer = setInterval(() => {
    const gone = process.ppid !== parent || !alive(parent) ? parent : watched.slice(1).find((pid) => !alive(pid));
    if (gone === undefined) return;
    clearInterval(timer);
    onGone(gone);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
