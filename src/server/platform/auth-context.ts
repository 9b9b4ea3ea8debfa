import type { BillingCurrency } from '~/shared/currencies';
import type { CompanyRole, Permission, Role } from '~/shared/permissions';

// Who a request comes from, as the authentication hook resolved it (kernels/identity/authentication.ts): the
// infrastructure reads it for access, logs and the live socket without knowing how sessions are kept.

export const SESSION_COOKIE = 'tandem_session';

export interface AuthContext {
  sessionId: string;
  // How the request proved who it is: account-security routes take only a session (access-control.ts); a
  // company API key acts as its integration user.
  via: 'session' | 'api_token' | 'api_key';
  user: {
    id: string;
    email: string;
    name: string;
    role: Role;
    emailVerified: boolean;
    hasPassword: boolean;
  };
  // The company a company user acts for; company-owned data is always filtered by it.
  // Its billing currency is the currency of every amount the company's forms take (decision 051).
  company: { id: string; name: string; role: CompanyRole; currency: BillingCurrency } | null;
  // A company API key's scopes, as permissions: the request may do these and nothing else, whatever its role.
  grants?: ReadonlySet<Permission>;
}
