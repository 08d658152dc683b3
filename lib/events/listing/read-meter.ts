/**
 * Sums what one listing's reads cost: every read asks DynamoDB for its consumed capacity, so the
 * bench (and the logs) can show that a page costs the same whatever the size of the log.
 */
export class ReadMeter {
  capacityUnits = 0;
  requests = 0;

  add(response: { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }): void {
    this.requests += 1;
    const consumed = response.ConsumedCapacity;
    for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) this.capacityUnits += c.CapacityUnits ?? 0;
  }
}
