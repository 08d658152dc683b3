import { C_CORP_ENDINGS, LLC_ENDINGS, PRIVATE_OWNER_STATES } from '../../resources/vocabulary';
import type { CompanyRule } from './rule';
import { nameNotThe } from './name-not-the';
import { nameWithoutEnding } from './name-without-ending';
import { endingMatchesEntityType } from './ending-matches-entity-type';
import { industryOther } from './industry-other';
import { ownerPrivacy } from './owner-privacy';
import { preExistingOnly } from './pre-existing-only';
import { foreignQualificationStates } from './foreign-qualification-states';
import { timezone } from './timezone';
import { shareStructure } from './share-structure';
import { managementType } from './management-type';
import { mainIncorporator } from './main-incorporator';
import { shareholderEmails } from './shareholder-emails';
import { ownershipTotal } from './ownership-total';
import { services } from './services';
import { serviceOptions } from './service-options';

type JsonSchema = Record<string, unknown>;

/** `if` the body's `field` is `value` (and present). */
const when = (field: string, value: unknown): JsonSchema => ({ properties: { [field]: { const: value } }, required: [field] });
/**
 * JSON Schema's `if`/`then`/`else`, built from entries: an object literal with a `then` key reads as a
 * promise to tools that look for one (biome's noThenProperty).
 */
export const ifThen = (condition: JsonSchema, then: JsonSchema, otherwise?: JsonSchema): JsonSchema =>
  Object.fromEntries([['if', condition], ['then', then], ...(otherwise ? [['else', otherwise]] : [])]);

/** Every one of `fields` must be sent (named in `properties` too, so the condition reads alone). */
export const requires = (fields: readonly string[]): JsonSchema => ({
  properties: Object.fromEntries(fields.map((f) => [f, {}])),
  required: [...fields],
});

/** None of `fields` may be sent. */
const none = (fields: readonly string[]): JsonSchema => ({ properties: Object.fromEntries(fields.map((f) => [f, false])) });

/**
 * How the OpenAPI document states each cross-field rule of company creation (lib/companies/rules/):
 * in JSON Schema where it can (`if`/`then`/`else`, added to the body as `allOf`), else in the words of
 * the field it governs (`described`: that field's description must contain these words). A test fails
 * when a rule of COMPANY_RULES has no entry here, or when its counterpart is missing from the document
 * (test/unit/openapi-descriptions.test.ts).
 */
export const COMPANY_RULES_IN_THE_DOCUMENT: ReadonlyMap<CompanyRule, { conditions?: JsonSchema[]; described?: [string, string][] }> =
  new Map<CompanyRule, { conditions?: JsonSchema[]; described?: [string, string][] }>([
    [nameNotThe, { described: [['name', 'not starting with "The"']] }],
    [nameWithoutEnding, { described: [['name', 'without its ending']] }],
    [
      endingMatchesEntityType,
      {
        conditions: [
          ifThen(when('entity_type', 'llc'), { properties: { ending: { enum: [...LLC_ENDINGS] } } }),
          ifThen(when('entity_type', 'c_corp'), { properties: { ending: { enum: [...C_CORP_ENDINGS] } } }),
        ],
      },
    ],
    [
      ownerPrivacy,
      { conditions: [ifThen(when('owner_privacy', 'private'), { properties: { state: { enum: [...PRIVATE_OWNER_STATES] } } })] },
    ],
    [
      preExistingOnly,
      {
        conditions: [ifThen(when('pre_existing', true), requires(['address']), none(['ein', 'address', 'foreign_qualifications']))],
      },
    ],
    [
      industryOther,
      {
        conditions: [
          ifThen(
            when('industry', 'other'),
            requires(['industry_description', 'custom_industry']),
            none(['industry_description', 'custom_industry']),
          ),
        ],
      },
    ],
    [foreignQualificationStates, { described: [['foreign_qualifications', 'different from the formation state']] }],
    [timezone, { described: [['timezone', 'IANA']] }],
    [
      shareStructure,
      {
        conditions: [
          ifThen(when('entity_type', 'c_corp'), requires(['authorized_shares', 'par_value'])),
          ifThen(when('entity_type', 'llc'), none(['authorized_shares', 'par_value'])),
        ],
      },
    ],
    [managementType, { conditions: [ifThen(when('entity_type', 'c_corp'), none(['management_type']))] }],
    [mainIncorporator, { described: [['shareholders', 'exactly one is the main incorporator']] }],
    [shareholderEmails, { described: [['shareholders', 'e-mail once']] }],
    [
      ownershipTotal,
      {
        described: [
          ['shareholders', 'an LLC’s add up to 100'],
          ['shareholders', 'a C-corp’s to at most 100'],
        ],
      },
    ],
    [services, { described: [['services', 'product keys from the catalog']] }],
    [serviceOptions, { described: [['service_options', 'a key naming a product not being attached is refused']] }],
  ]);

/** The rules' JSON Schema, as the create-company body (and its preview) carries it in `allOf`. */
export const companyBodyConditions = (): JsonSchema[] => [...COMPANY_RULES_IN_THE_DOCUMENT.values()].flatMap((r) => r.conditions ?? []);
