import { describe, expect, it } from 'vitest';
import { auditActionLabel } from '~/shared/audit-logs';
import { actorOf, describeTarget, summarizeDetails } from './audit-log-format';

describe('how an audit row reads', () => {
  it('names an action in words, with the overrides where the code reads poorly', () => {
    expect(auditActionLabel('company.account_manager_assigned')).toBe('Company account manager assigned');
    expect(auditActionLabel('auth.sign_in_failed')).toBe('Sign-in failed');
    expect(auditActionLabel('api_token.created')).toBe('API token created');
  });

  it('sums up a change as before → after, else the first details', () => {
    expect(summarizeDetails({ before: { status: 'active' }, after: { status: 'suspended' }, name: 'Acme' })).toBe(
      'status: active → suspended',
    );
    expect(summarizeDetails({ before: { deleted_at: null }, after: { deleted_at: '2026-11-25' } })).toBe(
      'deleted_at: — → 2026-11-25',
    );
    expect(summarizeDetails({ before: 60, after: 30 })).toBe('60 → 30');
    expect(summarizeDetails({ email: 'nobody@example.test', reason: 'wrong password' })).toBe(
      'email: nobody@example.test; reason: wrong password',
    );
    expect(summarizeDetails({})).toBe('—');
    expect(summarizeDetails({ note: 'x'.repeat(200) })).toHaveLength(80);
  });

  it('names the target and the actor, the system when nobody acted', () => {
    expect(describeTarget({ target_type: 'company', target_id: '42' })).toBe('company 42');
    expect(describeTarget({ target_type: null, target_id: null })).toBe('—');
    expect(actorOf({ actor_name: null, actor_email: null, actor_kind: 'system' })).toBe('System');
    expect(actorOf({ actor_name: null, actor_email: 'ops@tandem.test', actor_kind: 'user' })).toBe('ops@tandem.test');
    // A company's log names the member who acted, by name and by the address the row kept.
    expect(actorOf({ actor_name: 'Ada Lovelace', actor_email: 'ada@acme.test', actor_kind: 'user' })).toBe(
      'Ada Lovelace (ada@acme.test)',
    );
  });
});
