import { type SQL, sql } from 'drizzle-orm';
import { type Filter, parse } from 'scim2-parse-filter';
import { SCIM_MAX_RESULTS, scimSchemas, scimTexts } from '~/shared/scim';
import { companyMembers, scimUsers, users } from '../db/schema';
import { ScimRefusal } from './scim-errors';

// The filters of RFC 7644 §3.4.2.2 that Tandem answers, parsed by scim2-parse-filter and checked here: what names an
// attribute or an operator this server does not support is refused with 400 invalidFilter, never ignored (a
// client would act on a list that is not what it asked for).

const MAX_FILTER_LENGTH = 2000;

type Operator = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'pr';
type Value = string | boolean;

// A filter this server can answer: attribute names in lower case, a value path (emails[value eq "…"]) flattened
// into its attribute's sub-attributes.
export type ScimCondition =
  | { kind: 'compare'; attribute: string; operator: Operator; value: Value | null }
  | { kind: 'and' | 'or'; conditions: ScimCondition[] }
  | { kind: 'not'; condition: ScimCondition };

interface AttributeRule {
  type: 'string' | 'boolean';
  operators: readonly Operator[];
}

const STRING_OPERATORS: readonly Operator[] = ['eq', 'ne', 'co', 'sw', 'ew', 'pr'];
const EXACT_OPERATORS: readonly Operator[] = ['eq', 'ne', 'pr'];

const userAttributes: Record<string, AttributeRule> = {
  id: { type: 'string', operators: EXACT_OPERATORS },
  username: { type: 'string', operators: STRING_OPERATORS },
  externalid: { type: 'string', operators: STRING_OPERATORS },
  'emails.value': { type: 'string', operators: STRING_OPERATORS },
  // The one address is the work one, and primary.
  'emails.type': { type: 'string', operators: STRING_OPERATORS },
  'emails.primary': { type: 'boolean', operators: EXACT_OPERATORS },
  displayname: { type: 'string', operators: STRING_OPERATORS },
  'name.formatted': { type: 'string', operators: STRING_OPERATORS },
  active: { type: 'boolean', operators: EXACT_OPERATORS },
};

const groupAttributes: Record<string, AttributeRule> = {
  id: { type: 'string', operators: EXACT_OPERATORS },
  displayname: { type: 'string', operators: STRING_OPERATORS },
  externalid: { type: 'string', operators: EXACT_OPERATORS },
  'members.value': { type: 'string', operators: EXACT_OPERATORS },
};

const attributeNames = (rules: Record<string, AttributeRule>) =>
  Object.keys(rules)
    .map((name) => supportedSpelling[name] ?? name)
    .join(', ');

const supportedSpelling: Record<string, string> = {
  username: 'userName',
  externalid: 'externalId',
  displayname: 'displayName',
  'emails.value': 'emails.value',
  'emails.type': 'emails.type',
  'emails.primary': 'emails.primary',
  'name.formatted': 'name.formatted',
  'members.value': 'members.value',
};

// "urn:ietf:params:scim:schemas:core:2.0:User:userName" names userName: the core schema's URN is optional.
function attributeOf(path: string, schemaUrn: string): string {
  const lower = path.toLowerCase();
  const prefix = `${schemaUrn.toLowerCase()}:`;
  return lower.startsWith(prefix) ? lower.slice(prefix.length) : lower;
}

// Entra ID writes booleans as strings in places ("True"); a filter's "true" means the same.
function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return undefined;
}

function checked(
  filter: Filter,
  rules: Record<string, AttributeRule>,
  schemaUrn: string,
  parent?: string,
): ScimCondition {
  switch (filter.op) {
    case 'and':
    case 'or':
      return { kind: filter.op, conditions: filter.filters.map((inner) => checked(inner, rules, schemaUrn, parent)) };
    case 'not':
      return { kind: 'not', condition: checked(filter.filter, rules, schemaUrn, parent) };
    case '[]': {
      if (parent)
        throw new ScimRefusal(
          'validation',
          scimTexts.filterAttribute(filter.attrPath, attributeNames(rules)),
          'invalidFilter',
        );
      return checked(filter.valFilter, rules, schemaUrn, attributeOf(filter.attrPath, schemaUrn));
    }
    default: {
      const name = attributeOf(filter.attrPath, schemaUrn);
      const attribute = parent ? `${parent}.${name}` : name;
      const rule = rules[attribute];
      if (!rule) {
        throw new ScimRefusal(
          'validation',
          scimTexts.filterAttribute(filter.attrPath, attributeNames(rules)),
          'invalidFilter',
        );
      }
      const operator = filter.op.toLowerCase() as Operator;
      if (!rule.operators.includes(operator)) {
        throw new ScimRefusal('validation', scimTexts.filterOperator(filter.op, filter.attrPath), 'invalidFilter');
      }
      if (operator === 'pr') return { kind: 'compare', attribute, operator, value: null };
      const compared = 'compValue' in filter ? filter.compValue : undefined;
      const value = rule.type === 'boolean' ? booleanOf(compared) : typeof compared === 'string' ? compared : undefined;
      if (value === undefined)
        throw new ScimRefusal('validation', scimTexts.filterValue(filter.attrPath), 'invalidFilter');
      return { kind: 'compare', attribute, operator, value };
    }
  }
}

function parsed(filter: string, rules: Record<string, AttributeRule>, schemaUrn: string): ScimCondition {
  if (filter.length > MAX_FILTER_LENGTH) throw new ScimRefusal('validation', scimTexts.filterTooLong, 'invalidFilter');
  let tree: Filter;
  try {
    tree = parse(filter);
  } catch {
    throw new ScimRefusal('validation', scimTexts.filterUnreadable(filter), 'invalidFilter');
  }
  return checked(tree, rules, schemaUrn);
}

export const parseUserFilter = (filter: string) => parsed(filter, userAttributes, scimSchemas.user);
export const parseGroupFilter = (filter: string) => parsed(filter, groupAttributes, scimSchemas.group);

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

function patternOf(operator: 'co' | 'sw' | 'ew', value: string): string {
  const escaped = escapeLike(value);
  if (operator === 'co') return `%${escaped}%`;
  return operator === 'sw' ? `${escaped}%` : `%${escaped}`;
}

// A string attribute's comparison in SQL; caseExact false compares lower case on both sides.
function compareText(column: SQL, operator: Operator, value: Value | null, caseExact: boolean): SQL {
  if (operator === 'pr') return sql`${column} is not null and ${column} <> ''`;
  const text = String(value);
  const left = caseExact ? column : sql`lower(${column})`;
  const right = caseExact ? text : text.toLowerCase();
  switch (operator) {
    case 'eq':
      return sql`${left} = ${right}`;
    case 'ne':
      return sql`${left} is distinct from ${right}`;
    default:
      return sql`${left} like ${patternOf(operator, right)} escape '\\'`;
  }
}

function userCompareSql(condition: Extract<ScimCondition, { kind: 'compare' }>): SQL {
  const { attribute, operator, value } = condition;
  switch (attribute) {
    case 'id':
      return operator === 'pr'
        ? sql`true`
        : compareText(sql`${users.id}::text`, operator, String(value).toLowerCase(), true);
    case 'username':
    case 'emails.value':
      return compareText(sql`${users.email}`, operator, value, false);
    case 'emails.type':
      return compareText(sql`'work'`, operator, value, false);
    case 'emails.primary':
      return operator === 'pr' || (operator === 'eq') === value ? sql`true` : sql`false`;
    case 'displayname':
    case 'name.formatted':
      return compareText(sql`${users.name}`, operator, value, false);
    case 'externalid':
      return compareText(sql`${scimUsers.externalId}`, operator, value, true);
    case 'active': {
      if (operator === 'pr') return sql`true`;
      const isMember = sql`${companyMembers.userId} is not null`;
      return (operator === 'eq') === value ? isMember : sql`not (${isMember})`;
    }
    default:
      throw new Error(`No SQL for the filter attribute ${attribute}.`);
  }
}

// The condition in SQL over users left-joined to the company's membership and SCIM link (scim-views.ts). Each
// comparison is false, never null, where its column is null, so `not` means what it says.
export function userFilterSql(condition: ScimCondition): SQL {
  switch (condition.kind) {
    case 'and':
    case 'or':
      return sql`(${sql.join(
        condition.conditions.map(userFilterSql),
        condition.kind === 'and' ? sql` and ` : sql` or `,
      )})`;
    case 'not':
      return sql`not ${userFilterSql(condition.condition)}`;
    default:
      return sql`coalesce((${userCompareSql(condition)}), false)`;
  }
}

// What a group filter is tested on.
export interface GroupFacts {
  id: string;
  displayName: string;
  memberIds: readonly string[];
}

function textMatches(actual: string, operator: Operator, value: string, caseExact: boolean): boolean {
  const left = caseExact ? actual : actual.toLowerCase();
  const right = caseExact ? value : value.toLowerCase();
  switch (operator) {
    case 'eq':
      return left === right;
    case 'ne':
      return left !== right;
    case 'co':
      return left.includes(right);
    case 'sw':
      return left.startsWith(right);
    case 'ew':
      return left.endsWith(right);
    default:
      return actual !== '';
  }
}

// The groups are the company's few roles: their filter is tested in memory.
export function groupMatches(condition: ScimCondition, group: GroupFacts): boolean {
  switch (condition.kind) {
    case 'and':
      return condition.conditions.every((inner) => groupMatches(inner, group));
    case 'or':
      return condition.conditions.some((inner) => groupMatches(inner, group));
    case 'not':
      return !groupMatches(condition.condition, group);
    default: {
      const { attribute, operator } = condition;
      const value = String(condition.value ?? '');
      if (attribute === 'displayname') return textMatches(group.displayName, operator, value, false);
      if (attribute === 'id') return textMatches(group.id, operator, value, true);
      if (attribute === 'members.value') {
        if (operator === 'pr') return group.memberIds.length > 0;
        const has = group.memberIds.includes(value.toLowerCase());
        return operator === 'eq' ? has : !has;
      }
      // A group has no externalId here: it is the role itself.
      return operator === 'ne';
    }
  }
}

// startIndex and count of RFC 7644 §3.4.2.4: 1-based, a start below 1 is 1, a negative count 0, and no page
// holds more than SCIM_MAX_RESULTS.
export function paginationOf(query: { startIndex?: unknown; count?: unknown }): { startIndex: number; count: number } {
  const whole = (value: unknown, name: string): number | undefined => {
    if (value === undefined || value === '') return undefined;
    const number = Number(value);
    if (typeof value !== 'string' || !Number.isSafeInteger(number)) {
      throw new ScimRefusal('validation', scimTexts.paginationValue(name), 'invalidValue');
    }
    return number;
  };
  const startIndex = Math.max(1, whole(query.startIndex, 'startIndex') ?? 1);
  const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, whole(query.count, 'count') ?? SCIM_MAX_RESULTS));
  return { startIndex, count };
}
