/** The demo sign-ins created on an empty database outside production (README, login page). */
export const DEMO_PASSWORD = 'pinpoint-demo';

export const DEMO_ACCOUNTS = [
  { email: 'client@demo.pinpoint.local', role: 'client with one company' },
  { email: 'owner@demo.pinpoint.local', role: 'client with three companies' },
  { email: 'employee@demo.pinpoint.local', role: 'employee with assigned clients' },
  { email: 'rookie@demo.pinpoint.local', role: 'employee with no clients' },
  { email: 'admin@demo.pinpoint.local', role: 'admin' },
  { email: 'lead@demo.pinpoint.local', role: 'trial lead' },
] as const;
