import { keyedBag } from '../caller-keys';

/** `ops <action> [positional…] [--flag value | --switch]`: what the operator typed, split. */
export interface CliArgs {
  action?: string;
  positional: string[];
  flags: Record<string, string | true>;
}

const SWITCHES = new Set(['yes', 'help']);

export function parseCliArgs(argv: string[]): CliArgs {
  // Flag names are typed by the operator: no prototype behind them (lib/caller-keys.ts).
  const out: CliArgs = { positional: [], flags: keyedBag() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
      if (inline !== undefined) out.flags[name] = inline;
      else if (SWITCHES.has(name) || i + 1 >= argv.length || argv[i + 1].startsWith('--')) out.flags[name] = true;
      else out.flags[name] = argv[++i];
    } else if (!out.action) out.action = arg;
    else out.positional.push(arg);
  }
  return out;
}

export function flag(args: CliArgs, name: string): string | undefined {
  const v = args.flags[name];
  return typeof v === 'string' ? v : undefined;
}
