// spec.md#append-job-record append job records, moving Pending → InProgress → Completed or Failed (spec.md#gap-append-jobs).
export type AppendJobStatus = "Pending" | "InProgress" | "Completed" | "Failed";

export interface AppendJobRecord {
  layerName: string;
  submissionTime: number;
  lastUpdatedTime: number;
  recordCount: number;
  status: AppendJobStatus;
  /** Failure reasons, or rows skipped when rollbackOnFailure is false. */
  messages?: string[];
  error?: { code: number; message: string; details: string[] };
}

interface Job {
  record: AppendJobRecord;
  service: string;
  layerId: number;
}

export class AppendJobs {
  private readonly jobs = new Map<string, Job>();

  create(id: string, service: string, layerId: number, layerName: string): AppendJobRecord {
    const now = Date.now();
    const record: AppendJobRecord = { layerName, submissionTime: now, lastUpdatedTime: now, recordCount: 0, status: "Pending" };
    this.jobs.set(id, { record, service: service.toLowerCase(), layerId });
    return record;
  }

  /** The job, only under the service and layer it was started on. */
  get(id: string, service: string, layerId: number): AppendJobRecord | undefined {
    const job = this.jobs.get(id);
    return job && job.service === service.toLowerCase() && job.layerId === layerId ? job.record : undefined;
  }

  update(id: string, change: Partial<AppendJobRecord>): void {
    const job = this.jobs.get(id);
    if (job) Object.assign(job.record, change, { lastUpdatedTime: Date.now() });
  }

  fail(id: string, message: string): void {
    this.update(id, { status: "Failed", messages: [message], error: { code: 500, message, details: [message] } });
  }

  clear(): void {
    this.jobs.clear();
  }
}
