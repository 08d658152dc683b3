import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './bundling';
import type { StageDefinition } from './stages';

/**
 * Where each stage's deployed outputs are recorded: `infra/aws/deployed/<stage>.json`, as
 * `npx cdk deploy -c stage=<stage> --outputs-file infra/aws/deployed/<stage>.json` writes it
 * (`{ "PartnerApi-<stage>": { "<output>": "<value>", … } }`), committed after each deploy. Found from
 * the repository's root (infra/aws/bundling.ts), as the app runs as an ES module and has no `__dirname`.
 */
export const DEPLOYED_DIR = join(REPO_ROOT, 'infra', 'aws', 'deployed');

/** The shard counts a deploy records (the stack's outputs) and the setting each comes from. */
export const SHARD_OUTPUTS = {
  LaneShards: { setting: 'shards.lanes', of: (d: StageDefinition) => d.shards.lanes },
  EventPendingShards: { setting: 'shards.eventPending', of: (d: StageDefinition) => d.shards.eventPending },
  EventIndexShards: { setting: 'shards.eventIndex', of: (d: StageDefinition) => d.shards.eventIndex },
} as const;

/** A stage's recorded outputs, or undefined when it has no record yet (never deployed, or not recorded). */
export function recordedOutputs(stage: string, dir = DEPLOYED_DIR): Record<string, string> | undefined {
  const file = join(dir, `${stage}.json`);
  if (!existsSync(file)) return undefined;
  const record = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
  return record[`PartnerApi-${stage}`];
}

/**
 * Why `definition` may not deploy over what is deployed: a shard count below the recorded one. Lane
 * shards hold queued deliveries and endpoints hashed to them; the event log's pending partitions and
 * index shards hold items written under the larger count: shrinking any strands them (docs/capacity.md).
 */
export function shrinkProblems(definition: StageDefinition, recorded: Record<string, string> | undefined): string[] {
  if (!recorded) return [];
  const problems: string[] = [];
  for (const [output, { setting, of }] of Object.entries(SHARD_OUTPUTS)) {
    const deployed = Number(recorded[output]);
    if (Number.isFinite(deployed) && of(definition) < deployed)
      problems.push(
        `${setting}: ${of(definition)} is below the ${deployed} deployed (infra/aws/deployed/${definition.name}.json, output ${output}); shard counts may grow, never shrink: keep ${deployed} or more`,
      );
  }
  return problems;
}

/** Refuses a synthesis that would shrink a deployed stage's shards, naming each setting. */
export function refuseShrink(definition: StageDefinition, dir = DEPLOYED_DIR): void {
  const problems = shrinkProblems(definition, recordedOutputs(definition.name, dir));
  if (problems.length)
    throw new Error(
      `Stage ${definition.name} cannot deploy: it would shrink what is deployed:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
}
