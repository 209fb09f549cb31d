// Async work of the emulator (spec.md#design-emulator): async adds, commits, dataUrl downloads,
// append jobs and URL-report jobs. In "auto" mode each step runs after `delayMs`; in "manual" mode
// a step runs only when the control plane asks (POST /__emulator/jobs/<id>/step).
import type { JobKind, JobRunner } from "./host";

export const JOB_KINDS: readonly JobKind[] = ["addItem", "commit", "dataUrl", "append", "urlReport"];

export interface JobView {
  id: string;
  kind: JobKind;
  status: "pending" | "running" | "completed" | "failed";
  step: number;
  steps: number;
  message?: string;
  /** Milliseconds spent inside the job's steps (not the waits between them): e.g. how long a commit took. */
  runMs: number;
}

interface Job {
  view: JobView;
  steps: ReadonlyArray<() => void | Promise<void>>;
  running: boolean;
  timer?: NodeJS.Timeout;
  onFailed?: (message: string) => void;
}

export class Jobs implements JobRunner {
  private readonly jobs = new Map<string, Job>();
  private readonly modes = new Map<JobKind, "auto" | "manual">();
  private closed = false;

  constructor(private readonly delayMs: number) {}

  /** `onFailed` is told the message when a step throws (e.g. to mark an item failed, spec.md#async-add). */
  start(kind: JobKind, id: string, steps: ReadonlyArray<() => void | Promise<void>>, onFailed?: (message: string) => void): void {
    const job: Job = { view: { id, kind, status: "pending", step: 0, steps: steps.length, runMs: 0 }, steps, running: false, onFailed };
    this.jobs.set(id, job);
    this.schedule(job);
  }

  mode(kind: JobKind): "auto" | "manual" {
    return this.modes.get(kind) ?? "auto";
  }

  setMode(kind: JobKind, mode: "auto" | "manual"): void {
    this.modes.set(kind, mode);
    if (mode === "auto") for (const job of this.jobs.values()) if (job.view.kind === kind) this.schedule(job);
  }

  list(): JobView[] {
    return [...this.jobs.values()].map((j) => ({ ...j.view }));
  }

  get(id: string): JobView | undefined {
    const job = this.jobs.get(id);
    return job && { ...job.view };
  }

  /** Control plane: runs the next step of one job now, whatever its mode. */
  async step(id: string): Promise<JobView | undefined> {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    await this.runStep(job);
    return { ...job.view };
  }

  /** Control plane: runs the next step of the oldest unfinished job of a kind. */
  async stepKind(kind: JobKind): Promise<JobView | undefined> {
    const job = [...this.jobs.values()].find((j) => j.view.kind === kind && isOpen(j.view));
    return job ? this.step(job.view.id) : undefined;
  }

  /** Drops every job and stops their timers (reset and close). */
  close(): void {
    this.closed = true;
    for (const job of this.jobs.values()) clearTimeout(job.timer);
    this.jobs.clear();
  }

  /** After close (reset), the runner takes new jobs again. */
  reopen(): void {
    this.closed = false;
  }

  private schedule(job: Job): void {
    if (this.closed || job.timer || job.running || !isOpen(job.view) || this.mode(job.view.kind) === "manual") return;
    job.timer = setTimeout(() => {
      job.timer = undefined;
      void this.runStep(job).then(() => this.schedule(job));
    }, this.delayMs);
  }

  private async runStep(job: Job): Promise<void> {
    if (job.running || !isOpen(job.view)) return;
    job.running = true;
    job.view.status = "running";
    const started = performance.now();
    try {
      await job.steps[job.view.step]();
      job.view.step++;
      if (job.view.step >= job.steps.length) job.view.status = "completed";
    } catch (e) {
      job.view.status = "failed";
      job.view.message = e instanceof Error ? e.message : String(e);
      job.onFailed?.(job.view.message);
    } finally {
      job.running = false;
      job.view.runMs += performance.now() - started;
    }
  }
}

function isOpen(view: JobView): boolean {
  return view.status === "pending" || view.status === "running";
}
