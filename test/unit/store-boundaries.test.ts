import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * One way to the table: every item kind an entity of lib/store/entity.ts, conditions and
 * updates as data rendered only by lib/store/expression.ts, and DynamoDB's item commands sent by
 * lib/store and lib/event-log alone (the local stand-ins of infra/local included). Each list below
 * names what has not moved yet; it may only shrink.
 */
const ROOT = join(__dirname, '..', '..');

function sources(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(join(ROOT, dir))) {
    const path = join(dir, entry);
    if (statSync(join(ROOT, path)).isDirectory()) sources(path, into);
    else if (path.endsWith('.ts')) into.push(relative(ROOT, join(ROOT, path)));
  }
  return into;
}

const code = ['lib', 'functions', 'infra', 'scripts'].flatMap((d) => sources(d));
const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** Entity files that still map items by hand. */
const NOT_YET_ENTITIES = new Set<string>([
  'lib/store/entities/sign-in.ts',
  'lib/store/entities/step-up-code.ts',
  'lib/companies/operations/create-company.ts',
  'lib/lifecycle/operations/change-name.ts',
]);

/** Files that still write an expression string of their own. */
const NOT_YET_EXPRESSIONS = new Set<string>(['lib/store/entities/sign-in.ts', 'lib/store/entities/step-up-code.ts']);

/** Files outside lib/store and lib/event-log that still send an item command themselves. */
const NOT_YET_COMMANDS = new Set<string>([]);

/** DynamoDB's item commands (the table's own setup on DynamoDB Local, CreateTable and the like, is not one). */
const ITEM_COMMAND =
  /\bnew (Get|Put|Update|Delete|Query|Scan|BatchGet|BatchWrite|TransactGet|TransactWrite|ExecuteStatement|BatchExecuteStatement|ExecuteTransaction)(Item|Items)?Command\(/;

/** An item given its `entity` by hand (not a type's member: `entity: 'event';`). */
const LITERAL_ENTITY = /\bentity:\s*'[^']*'\s*[,}]/;

/** An expression written as text: a key, condition, update, filter or projection string, or its syntax. */
const EXPRESSION_TEXT =
  /(KeyCondition|Condition|Update|Filter|Projection)Expression:\s*['"`]|['"`][^'"`\n]*(attribute_(not_)?exists\(|begins_with\(|if_not_exists\(|[#\w] = :\w)[^'"`\n]*['"`]/;

describe('one way to the table', () => {
  it('every file under lib/store/entities/ defines its items with defineEntity', () => {
    const entities = sources('lib/store/entities');
    expect(entities.length).toBeGreaterThan(20);
    const byHand = entities.filter((f) => !/\bdefineEntity\s*</.test(text(f)) && !NOT_YET_ENTITIES.has(f));
    expect(byHand).toEqual([]);
  });

  it('no expression string outside lib/store/expression.ts', () => {
    const written = code.filter((f) => f !== 'lib/store/expression.ts' && !NOT_YET_EXPRESSIONS.has(f) && EXPRESSION_TEXT.test(text(f)));
    expect(written).toEqual([]);
  });

  it('no DynamoDB item command outside lib/store and lib/event-log, in infra/ too', () => {
    const outside = code.filter(
      (f) => !f.startsWith('lib/store/') && !f.startsWith('lib/event-log/') && !NOT_YET_COMMANDS.has(f) && ITEM_COMMAND.test(text(f)),
    );
    expect(outside).toEqual([]);
  });

  it('no domain code names an item by a literal `entity:` (the entity definitions do)', () => {
    const literal = code.filter(
      (f) => !f.startsWith('lib/store/') && !f.startsWith('lib/event-log/') && !NOT_YET_ENTITIES.has(f) && LITERAL_ENTITY.test(text(f)),
    );
    expect(literal).toEqual([]);
  });

  it('the lists of what has not moved yet name only files that still need them', () => {
    const stale = [
      ...[...NOT_YET_ENTITIES].filter((f) =>
        f.startsWith('lib/store/entities/') ? /\bdefineEntity\s*</.test(text(f)) : !LITERAL_ENTITY.test(text(f)),
      ),
      ...[...NOT_YET_EXPRESSIONS].filter((f) => !EXPRESSION_TEXT.test(text(f))),
      ...[...NOT_YET_COMMANDS].filter((f) => !ITEM_COMMAND.test(text(f))),
    ];
    expect(stale).toEqual([]);
  });
});
