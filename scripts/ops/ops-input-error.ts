// A command line the operator command cannot act on: its message is the sentence the operator reads, and the
// command exits 1 (scripts/ops/run-ops.ts). Any other error is a fault, shown with its stack.
export class OpsInputError extends Error {}
