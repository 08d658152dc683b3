import type { Credentials } from '../infra/local/runtime';

/** One figure of the report: a measurement beside the baseline measured in the same run. */
export interface BenchRow {
  name: string;
  value: number;
  unit?: string;
  /** The baseline's figure (same unit), measured in the same process. */
  baseline?: number;
  baselineName?: string;
  /** value / baseline, when there is a baseline. */
  ratio?: number;
  note?: string;
}

export interface BenchContext {
  credentials: Credentials;
  /** Stops the local runtime's work beside the API (pollers, lanes, jobs) until `resume` (infra/local/runtime.ts). */
  pauseBackground(): Promise<{ resume(): Promise<void> }>;
}

/** A benchmark's figures, with the conditions they were measured under when those need saying. */
export interface BenchSection {
  /** Printed under the section's title: what state the figures were measured in. */
  header: string;
  rows: BenchRow[];
}

export type Bench = (context: BenchContext) => Promise<BenchRow[] | BenchSection>;
