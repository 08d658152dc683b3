import { ROUTES, type Route } from '../../lib/routes';
import { familiesOf } from '../../infra/aws/route-families';
import { PROD_FULL, synthStage, type Synthesized } from './support/synth';

/**
 * The most resources any stack of the app may hold. CloudFormation refuses a stack of more than 500;
 * the 150 between are the room to give a growing family a stack of its own before a deploy fails.
 */
const MOST_RESOURCES = 350;

/**
 * Three times the route table, grown inside the families: each route twice more, on a new path below
 * its own (`/v1/companies/{companyID}` → `…/copy-2`, `…/copy-3`), so every family triples, with a new
 * resource per copy. The worst case for a layout by family; new families only add small stacks.
 */
function tripled(routes: Route[]): Route[] {
  const copy = (n: number) => routes.map((r) => ({ ...r, operation: `${r.operation}Copy${n}`, path: `${r.path}/copy-${n}` }));
  return [...routes, ...copy(2), ...copy(3)];
}

/** Each template with its resource count, named by its description (the parent: its stack name). */
function counts(s: Synthesized): { stack: string; resources: number }[] {
  return s.templates.map((t) => ({
    stack: t === s.parent ? s.stackName : String(t.toJSON().Description),
    resources: Object.keys(t.toJSON().Resources).length,
  }));
}

describe('room in every stack of the app, whatever the number of routes', () => {
  const real = synthStage('prod', PROD_FULL);

  it(`keeps every stack at or under ${MOST_RESOURCES} resources with the route table as it is`, () => {
    const all = counts(real);
    expect(all.length).toBeGreaterThan(2);
    expect(all.filter((c) => c.resources > MOST_RESOURCES)).toEqual([]);
  });

  it(`keeps every stack at or under ${MOST_RESOURCES} resources with three times the routes, every family three times its size`, () => {
    const routes = tripled(ROUTES);
    const big = synthStage('prod', { ...PROD_FULL, routes });
    const functions = big.resources.filter(
      (r) => r.type === 'AWS::Lambda::Function' && / (GET|POST|PUT|PATCH|DELETE) /.test(` ${r.props.Description} `),
    );
    expect(functions).toHaveLength(3 * ROUTES.length);
    expect(counts(big).filter((c) => c.resources > MOST_RESOURCES)).toEqual([]);
    // The parent grows by one resource per family (its nested stack), never with a family's routes.
    const parentGrowth = counts(big)[0].resources - counts(real)[0].resources;
    expect(parentGrowth).toBe(familiesOf(routes).size - familiesOf(ROUTES).size);
  }, 240_000);
});
